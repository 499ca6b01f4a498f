import { Elysia, t } from "elysia";
import { config } from "../../src/server/config";
import { streamedBody } from "../../src/server/http/body-limit";
import { authGuard } from "../auth";
import { bytesRefusals, tusHeaders, tusRefusals } from "./model";
import { TUS_EXTENSIONS, TUS_VERSION } from "./protocol";
import { appendToUpload, createUpload, type TusAnswer, terminateUpload, uploadProgress } from "./service";

/** A tus answer: no body, its headers and the version every answer names. */
const answer = ({ status, headers }: TusAnswer) =>
  new Response(null, { status, headers: { ...headers, "tus-resumable": TUS_VERSION } });

const params = t.Object({ id: t.String({ maxLength: 64 }) });

/**
 * Resumable uploads (tus 1.0: core, creation, creation-with-upload, termination, expiration) of originals, stems and
 * covers: a file sent in as many requests as the connection needs, then named by its id in POST /api/track or a
 * studio route. Bodies stream to disk (parse: "none"), like POST /api/track's. docs/resumable-uploads.md.
 */
export const resumableUploadsModule = new Elysia({ name: "module.resumable-uploads", detail: { tags: ["Uploads"] } })
  .use(authGuard)
  // Every answer, refusals included, names the protocol version (the tus core asks it of all but OPTIONS).
  .onBeforeHandle({ as: "local" }, ({ set }) => {
    set.headers["tus-resumable"] = TUS_VERSION;
  })
  .options(
    "/uploads",
    () =>
      new Response(null, {
        status: 204,
        headers: {
          "tus-version": TUS_VERSION,
          "tus-extension": TUS_EXTENSIONS,
          "tus-max-size": String(config().maxUploadBytes),
          "tus-resumable": TUS_VERSION,
        },
      }),
    {
      detail: {
        summary: "What this tus server speaks: Tus-Version, Tus-Extension, Tus-Max-Size (MAX_UPLOAD_MB)",
        responses: { 204: { description: "The server's tus capabilities", headers: { "Tus-Version": tusHeaders.tusResumable } } },
      },
    },
  )
  .post("/uploads", async ({ user, request }) => answer(await createUpload(user, request)), {
    auth: true,
    ...streamedBody,
    detail: {
      summary: "Start a resumable upload (tus creation; Upload-Length required, first bytes optional)",
      responses: {
        201: {
          description: "Created: Location names it, Upload-Offset says how many bytes this request carried",
          headers: {
            Location: tusHeaders.location,
            "Upload-Offset": tusHeaders.uploadOffset,
            "Upload-Expires": tusHeaders.uploadExpires,
          },
        },
        ...tusRefusals,
        ...bytesRefusals,
      },
    },
  })
  .head("/uploads/:id", async ({ user, params, request }) => answer(await uploadProgress(params.id, user, request.headers)), {
    auth: true,
    params,
    detail: {
      summary: "How far a resumable upload got (tus HEAD)",
      responses: {
        200: {
          description: "Its offset and length",
          headers: {
            "Upload-Offset": tusHeaders.uploadOffset,
            "Upload-Length": tusHeaders.uploadLength,
            "Upload-Expires": tusHeaders.uploadExpires,
          },
        },
        ...tusRefusals,
      },
    },
  })
  .patch("/uploads/:id", async ({ user, params, request }) => answer(await appendToUpload(params.id, user, request)), {
    auth: true,
    params,
    ...streamedBody,
    detail: {
      summary: "Send the next bytes of a resumable upload from its offset (tus PATCH)",
      responses: {
        204: {
          description: "Received: Upload-Offset is the new offset",
          headers: { "Upload-Offset": tusHeaders.uploadOffset, "Upload-Expires": tusHeaders.uploadExpires },
        },
        ...tusRefusals,
        ...bytesRefusals,
      },
    },
  })
  .delete("/uploads/:id", async ({ user, params, request }) => answer(await terminateUpload(params.id, user, request.headers)), {
    auth: true,
    params,
    detail: {
      summary: "Delete a resumable upload and its bytes (tus termination)",
      responses: { 204: { description: "Deleted", headers: { "Tus-Resumable": tusHeaders.tusResumable } }, ...tusRefusals },
    },
  });
