import { Elysia } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { sendMixDownload } from "./mix-download";
import { ForkBody, ForkReply, ForkTree, Lineage, MixDownloadBody } from "./model";
import { forkTrack, forkTree, lineage } from "./service";

/** SPEC §7 fork routes, and beyond the spec the lineage a fork's page shows and "Download this mix". */
export const forksModule = new Elysia({ name: "module.forks", detail: { tags: ["Forks"] } })
  .use(authGuard)
  .post(
    "/track/:id/fork",
    ({ params, user, body, set }) => {
      set.status = 201;
      return forkTrack(params.id, user, body);
    },
    {
      auth: true,
      body: ForkBody,
      response: { 201: ForkReply, ...refusals(409) },
      detail: { summary: "Fork a track you may see and do not own; answers the new track's id" },
    },
  )
  .post("/track/:id/mix", ({ params, user, body, request }) => sendMixDownload(params.id, user, body, request.signal), {
    auth: true,
    body: MixDownloadBody,
    detail: {
      summary: "Download a track's stems rendered with a mix, as Fork with this mix renders it, without forking",
      responses: {
        200: {
          description: 'The rendered mix as a download, named "<title> - mix.mp3" or ".wav"',
          content: {
            "audio/mpeg": { schema: { type: "string", format: "binary" } },
            "audio/wav": { schema: { type: "string", format: "binary" } },
          },
        },
        429: { description: "A mix of yours is still being made, or you have downloaded as many mixes as an hour allows" },
      },
    },
  })
  .get("/track/:id/forks", ({ params, viewer }) => forkTree(params.id, viewer), {
    response: ForkTree,
    detail: { summary: "The fork tree: its root as far as you may see, and every fork you may list" },
  })
  .get("/track/:id/lineage", ({ params, viewer }) => lineage(params.id, viewer), {
    response: Lineage,
    detail: { summary: "A fork's ancestors, parent first; unavailable ones without their titles" },
  });
