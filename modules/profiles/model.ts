import { t } from "elysia";
import { PublicProfileFields } from "../auth/model";

/** GET /api/users/{username}: an artist as anyone may see them, with what their public tracks add up to. */
export const ArtistProfile = t.Composite([
  PublicProfileFields,
  t.Object({
    counts: t.Object({
      /** Their public tracks, forks included. */
      tracks: t.Integer(),
      /** The forks among them. */
      forks: t.Integer(),
      /** Plays of their public tracks. */
      plays: t.Integer(),
      /** People following them. */
      followers: t.Integer(),
      /** People they follow. */
      following: t.Integer(),
    }),
  }),
]);
export type ArtistProfile = typeof ArtistProfile.static;
