/**
 * A reconnect that opens between an event's commit and its hand-over. On PostgreSQL an event is stored, then its id
 * is sent with NOTIFY, which every instance hears a moment later: a reconnect on another instance that reads its
 * replay in between sends the event, and then hears it live. The stream must carry it once (a CI run over HTTP once
 * got one twice). On a migrated PostgreSQL database, in a process of its own (the schema modules pick their dialect
 * once per process): the event is stored and, after the reconnect's replay has sent it, notified as publishEvents
 * notifies it.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBun } from "../../tests/support/bun-child";
import { migratedPostgresDatabase } from "../../tests/support/test-database";

const ROOT = join(import.meta.dir, "../..");

const RACE = `
import { users } from "./modules/auth/schema.ts";
import { eventsRepo } from "./modules/events/repo.ts";
import { issueEventsToken, openEventStream, publishEvents } from "./modules/events/service.ts";
import { postgresDb } from "./src/server/db/index.ts";
import { startRuntime } from "./src/server/open-runtime.ts";
await startRuntime({ queue: false });
const [listener] = await postgresDb().insert(users)
  .values({ email: "listener@example.com", username: "listener", passwordHash: "x" }).returning();
const notice = (title) => ({ kind: "notification", userId: listener.id, data: { title } });

// Reads frames until one holding "until" arrives, then half a second more (a duplicate follows its NOTIFY by
// milliseconds); a read that outlasts a wait is kept for the next round, so no chunk is lost.
let reader;
let pending = null;
async function idsUntil(until) {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 10_000;
  let settleBy = Infinity;
  while (Date.now() < Math.min(deadline, settleBy)) {
    pending ??= reader.read();
    const next = await Promise.race([pending, Bun.sleep(50).then(() => null)]);
    if (!next) continue;
    pending = null;
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
    if (settleBy === Infinity && text.includes(until)) settleBy = Date.now() + 500;
  }
  return [...text.matchAll(/^id: (\\d+)$/gm)].map((match) => Number(match[1]));
}

const { token } = issueEventsToken(listener);
await publishEvents([notice("Seen before the reconnect")]);
const seen = (await eventsRepo.after(0, listener.id, [], 1000)).at(-1);
// Stored as publishEvents stores it, and not yet notified.
const [inFlight] = await eventsRepo.insertMany([
  { kind: "notification", userId: listener.id, trackId: null, data: { title: "Committed, not yet heard" } },
]);
const response = await openEventStream({ token, lastEventId: String(seen.id) });
reader = response.body.getReader();
const result = { inFlight: Number(inFlight.id), replayed: await idsUntil("Committed, not yet heard") };
// Its NOTIFY, heard now, then an event published after it.
await postgresDb().$client.notify("stemma_live_events", JSON.stringify([inFlight.id]));
await publishEvents([notice("After the reconnect")]);
result.afterwards = await idsUntil("After the reconnect");
console.log(JSON.stringify(result));
process.exit(0);
`;

test("an event stored before a reconnect's replay and heard after it reaches that stream once", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "stemma-events-race-"));
  try {
    const { code, out, err } = await runBun(["-e", RACE], {
      cwd: ROOT,
      env: { DATABASE_URL: await migratedPostgresDatabase(), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    });
    expect({ err, code }).toEqual({ err: "", code: 0 });
    const { inFlight, replayed, afterwards } = JSON.parse(out) as Record<string, unknown> & { afterwards: number[] };
    expect(replayed).toEqual([inFlight]);
    // Only the event published after it: the in-flight one's live copy is not sent again.
    expect(afterwards).toHaveLength(1);
    expect(afterwards[0]).toBeGreaterThan(inFlight as number);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
