import { Elysia, t } from "elysia";
import { authGuard } from "../auth/guard";
import { editTrack } from "./edit-service";

/** SPEC §7 PATCH /track/{id}: the owner (or an admin) edits a track's info; answers the updated Track. */
export const trackEditModule = new Elysia({ name: "module.tracks.edit", detail: { tags: ["Tracks"] } })
  .use(authGuard)
  .patch("/track/:id", ({ params, user, body }) => editTrack(params.id, user, body), {
    auth: true,
    // Checked by the upload's rules in the service, so both answer with the same SPEC §5 messages.
    body: t.Unknown(),
    detail: {
      summary: "Edit track info",
      description:
        "JSON: title, primaryArtistName, bpm, key, genreNames, description, isExplicit, isPublic, licenseId, and optionally releaseDate (ISO) with releaseDatePrecision (YEAR, MONTH or DAY).",
    },
  });
