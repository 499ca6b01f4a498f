import { Elysia, t } from "elysia";
import { allRaw } from "../../src/server/db/raw";
import { queueReachable } from "../../src/server/infra/queue";

/** GET /api/health: 200 when the database and the queue answer, 503 otherwise (Docker HEALTHCHECK). */
export const healthModule = new Elysia({ name: "module.health" }).get(
  "/health",
  async ({ set }) => {
    const database = await allRaw("select 1 as ok").then(
      (rows) => rows.length === 1,
      () => false,
    );
    const queue = await queueReachable();
    if (!database || !queue) set.status = 503;
    return { status: database && queue ? "ok" : "unavailable", database, queue };
  },
  {
    detail: { summary: "Whether the database and the queue answer (200), or not (503)", tags: ["Health"] },
    response: { 200: HealthBody(), 503: HealthBody() },
  },
);

function HealthBody() {
  return t.Object({ status: t.String(), database: t.Boolean(), queue: t.Boolean() });
}
