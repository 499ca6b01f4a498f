import { Elysia, t } from "elysia";
import { ArtistProfile } from "./model";
import { artistProfile } from "./service";

/** Artists' profiles. Their track lists (`/users/{username}/tracks`, `/forks`, `/forked`) are modules/lists'. */
export const profilesModule = new Elysia({ name: "module.profiles", prefix: "/users", detail: { tags: ["Artists"] } }).get(
  "/:username",
  ({ params }) => artistProfile(params.username),
  {
    params: t.Object({ username: t.String() }),
    response: ArtistProfile,
    detail: { summary: "An artist's public profile: display name, bio, avatar and the counts of their public tracks" },
  },
);
