import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { sessionOrMediaToken } from "../../src/server/openapi/security";
import { authGuard } from "../auth";
import { mediaResponses } from "../media/model";
import { AccountExport, AccountExportList } from "./model";
import { downloadExport, listExports } from "./service";
import { resumePendingExports, startExport } from "./start";

/**
 * A user's export of everything they made (originals, stems, covers and a JSON file of their tracks,
 * shares, forks and notifications), built as a zip by a durable job and kept EXPORT_TTL_SECONDS. Mounted under
 * /auth/me beside the account's other routes, in a module of its own.
 */
export const exportsModule = new Elysia({ name: "module.exports", prefix: "/auth/me", detail: { tags: ["Exports"] } })
  .use(authGuard)
  .onStart(() => resumePendingExports())
  .post(
    "/export",
    async ({ user, set }) => {
      const started = await startExport(user);
      set.status = 202;
      return started;
    },
    {
      auth: true,
      response: { 202: AccountExport, ...refusals(429) },
      detail: {
        summary: "Start an export of the signed-in user's data",
        description:
          "Answers 202 with the export, PENDING until a job has made the zip (the user is then notified), or the one " +
          "already being made. At most 3 a day (failed ones aside): 429 past that.",
      },
    },
  )
  .get("/exports", ({ user }) => listExports(user), {
    auth: true,
    response: AccountExportList,
    detail: { summary: "The signed-in user's exports, newest first, with a download link once READY" },
  })
  .get("/exports/:id/download", ({ params, query, viewer, request }) => downloadExport(request, params.id, viewer, query.token), {
    params: t.Object({ id: t.String() }),
    query: t.Object({ token: t.Optional(t.String()) }),
    detail: {
      summary: "Download an export (its owner: the bearer header, or the media token of its downloadUrl)",
      security: sessionOrMediaToken,
      responses: {
        ...mediaResponses(["application/zip"]),
        302: { description: "On S3 with MEDIA_DELIVERY=redirect: a presigned URL of the zip" },
        401: { description: "No session and no valid token" },
        404: { description: "No such export of the caller's" },
        409: { description: "The export is still being prepared, or failed" },
        410: { description: "The export has expired" },
      },
    },
  });
