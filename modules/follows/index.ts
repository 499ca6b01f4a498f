import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { alsoOnLeaving } from "../auth/service";
import { FollowState } from "./model";
import * as follows from "./service";

alsoOnLeaving(follows.leaveFollows);

const options = (summary: string) => ({
  auth: true as const,
  params: t.Object({ username: t.String() }),
  response: { 200: FollowState, ...refusals(400, 401, 404) },
  detail: { summary },
});

/** Following artists: a signed-in user follows or unfollows the artist named in the path. */
export const followsModule = new Elysia({ name: "module.follows", prefix: "/users", detail: { tags: ["Following"] } })
  .use(authGuard)
  .get(
    "/:username/follow",
    ({ user, params }) => follows.followState(user, params.username),
    options("Whether you follow an artist"),
  )
  .post("/:username/follow", ({ user, params }) => follows.follow(user, params.username), options("Follow an artist"))
  .delete(
    "/:username/follow",
    ({ user, params }) => follows.unfollow(user, params.username),
    options("Stop following an artist"),
  );
