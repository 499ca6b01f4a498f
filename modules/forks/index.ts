import { Elysia } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { ForkBody, ForkReply, ForkTree, Lineage } from "./model";
import { forkTrack, forkTree, lineage } from "./service";

/** SPEC §7 fork routes, and the lineage a fork's page shows (beyond the spec). */
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
  .get("/track/:id/forks", ({ params, viewer }) => forkTree(params.id, viewer), {
    response: ForkTree,
    detail: { summary: "The fork tree: its root as far as you may see, and every fork you may list" },
  })
  .get("/track/:id/lineage", ({ params, viewer }) => lineage(params.id, viewer), {
    response: Lineage,
    detail: { summary: "A fork's ancestors, parent first; unavailable ones without their titles" },
  });
