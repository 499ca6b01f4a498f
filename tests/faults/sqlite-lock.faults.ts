/**
 * A second process holds SQLite's write lock on DATA_DIR/stemma.db (BEGIN IMMEDIATE) for longer than
 * the server's busy_timeout: reads go on, writes answer a 503 with a message (never a 500, never a
 * hang), a refused upload leaves no row, file or charge, a job caught by the lock waits it out and ends
 * READY once it goes (the lock was no fault of its audio), and everything works again afterwards.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { DATABASE_BUSY } from "../../src/server/errors";
import { call } from "../support/api";
import { expectInvariants } from "../support/invariants";
import { upload, waitProcessed } from "../support/uploads";
import { acknowledgedUpload, type FaultWorld, latestTitles, openWorld, usedQuota } from "./crash-runs";

const JOB_WAITS = "job waits for the database, locked by another process";
let world: FaultWorld;

async function eventually(check: () => boolean, timeoutMs: number) {
  for (const started = Date.now(); !check(); await Bun.sleep(250))
    if (Date.now() - started > timeoutMs) throw new Error(`not seen in ${timeoutMs} ms: ${JOB_WAITS}`);
}

beforeAll(async () => {
  world = await openWorld();
});
afterAll(() => world.server.stop());

/** Another process takes the write lock and keeps it until it is killed. */
async function holdWriteLock(dataDir: string) {
  const script = `
    const { Database } = require("bun:sqlite");
    const db = new Database(process.env.DB);
    db.exec("BEGIN IMMEDIATE");
    console.log("locked");
    setInterval(() => {}, 1000);`;
  const holder = Bun.spawn(["bun", "-e", script], { env: { ...process.env, DB: join(dataDir, "stemma.db") }, stdout: "pipe" });
  const reader = holder.stdout.getReader();
  const { value } = await reader.read();
  if (!new TextDecoder().decode(value).includes("locked")) throw new Error("the lock holder did not start");
  return {
    async release() {
      holder.kill("SIGKILL");
      await holder.exited;
    },
  };
}

test("while another process holds the write lock, reads are served and writes answer 503 with nothing half-written", async () => {
  const ready = await acknowledgedUpload(world, world.owner, { original: "bad/CON.wav", data: { title: "before the lock" } });
  await waitProcessed(world.server, world.owner, ready);
  // Its MP3 job runs into the lock.
  const caught = await acknowledgedUpload(world, world.owner, {
    original: "real-modules/gd-ite.it",
    data: { title: "job caught" },
  });
  const quotaBefore = await usedQuota(world, world.owner);
  const lock = await holdWriteLock(world.server.dataDir);
  try {
    const list = await call<{ items: unknown[] }>(world.server, "GET", "/tracks?limit=10", { token: world.owner.token });
    expect(list.status).toBe(200);
    expect((await call(world.server, "GET", `/track/${ready}`, { token: world.owner.token })).status).toBe(200);

    const refused = await upload(world.server, world.owner, { original: "bad/CON.wav", data: { title: "during the lock" } });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(DATABASE_BUSY);
    expect(refused.headers.get("retry-after")).toBe("5");
    const fork = await call<{ message: string }>(world.server, "POST", `/track/${ready}/fork`, {
      token: world.other.token,
      body: { title: "forked during the lock" },
    });
    expect(fork.status).toBe(503);
    expect(fork.body.message).toBe(DATABASE_BUSY);
    // The lock stays until the caught job's writes have met it (its render may outlast any fixed wait on a loaded
    // machine), so what follows is always the job waiting the lock out.
    await eventually(() => world.server.output().includes(JOB_WAITS), 150_000);
  } finally {
    await lock.release();
  }
  expect(await usedQuota(world, world.owner)).toBe(quotaBefore);
  const after = await upload(world.server, world.owner, { original: "bad/CON.wav", data: { title: "after the lock" } });
  expect(after.status).toBe(201);
  // The caught job runs again once the lock goes and renders its module again, which on a loaded machine takes a while.
  const track = await waitProcessed(world.server, world.owner, caught, 150_000);
  expect(track.processingStatus).toBe("READY");
  expect(await latestTitles(world, world.owner)).not.toContain("during the lock");
  expect(await latestTitles(world, world.other)).not.toContain("forked during the lock");
  console.log(
    `faults: SQLite write lock held by another process; writes answered 503, the caught job ended ${track.processingStatus}`,
  );
  await expectInvariants(world.server, { acknowledged: world.acknowledged });
}, 240_000);
