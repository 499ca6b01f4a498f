/**
 * transaction() on PostgreSQL (drizzle's async transaction): a body commits or rolls back as a whole, what it
 * writes stays invisible outside until it commits, and one opened inside another joins it; holdLock's lock lasts
 * until the transaction ends. Run in a process of its own, because the schema modules pick their dialect once per
 * process.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBun } from "../../../tests/support/bun-child";
import { freshPostgresDatabase } from "../../../tests/support/test-database";

const ROOT = join(import.meta.dir, "../../..");

const CHECKS = `
import { db } from "./src/server/db/index.ts";
import { startRuntime } from "./src/server/open-runtime.ts";
import { transaction } from "./src/server/db/transaction.ts";
import { featureFlags } from "./modules/admin/schema.ts";
await startRuntime({ queue: false });
const names = async () => (await db().select({ name: featureFlags.name }).from(featureFlags)).map((row) => row.name).sort();
const add = (executor, name) => executor.insert(featureFlags).values({ name });
const result = {};
result.answer = await transaction(async (tx) => { await add(tx, "kept-1"); await add(tx, "kept-2"); return "done"; });
result.refused = await transaction(async (tx) => { await add(tx, "rolled-back"); throw new Error("refused"); })
  .then(() => "committed", (error) => error.message);
await transaction(async (tx) => {
  await add(tx, "pending");
  result.seenInside = (await tx.select().from(featureFlags)).some((row) => row.name === "pending");
  result.seenOutside = (await names()).includes("pending");
});
result.nested = await transaction(async (tx) => {
  await transaction(async (inner) => add(inner, "inner"));
  await add(tx, "outer");
  throw new Error("outer refused");
}).then(() => "committed", (error) => error.message);
result.names = await names();
console.log(JSON.stringify(result));
process.exit(0);
`;

// holdLock: a transaction holding "a" keeps another "a" waiting (seen in pg_stat_activity) until it ends; "b" does not wait.
const LOCKS = `
import { postgresDb } from "./src/server/db/index.ts";
import { holdLock, transaction } from "./src/server/db/transaction.ts";
import { startRuntime } from "./src/server/open-runtime.ts";
await startRuntime({ queue: false });
const order = [];
let release;
const released = new Promise((resolve) => (release = resolve));
let holding;
const held = new Promise((resolve) => (holding = resolve));
const first = transaction(async (tx) => { await holdLock(tx, "a"); holding(); await released; order.push("first ends"); });
await held;
await transaction(async (tx) => { await holdLock(tx, "b"); order.push("b while a is held"); });
const second = transaction(async (tx) => { await holdLock(tx, "a"); order.push("second a"); });
const waiting = async () => (await postgresDb().$client\`select count(*)::int as n from pg_stat_activity
  where datname = current_database() and wait_event_type = 'Lock'\`)[0].n;
while ((await waiting()) < 1) await Bun.sleep(20);
order.push("second waits");
release();
await Promise.all([first, second]);
console.log(JSON.stringify(order));
process.exit(0);
`;

async function runChecks(script: string): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), "stemma-pg-transaction-"));
  try {
    const { code, out, err } = await runBun(["-e", script], {
      cwd: ROOT,
      env: { DATABASE_URL: await freshPostgresDatabase(), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    });
    expect({ err, code }).toEqual({ err: "", code: 0 });
    return JSON.parse(out);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("holdLock keeps a transaction taking the same name waiting until the holder ends, and no other name", async () => {
  expect(await runChecks(LOCKS)).toEqual(["b while a is held", "second waits", "first ends", "second a"]);
});

test("commit, rollback, isolation until commit, and a nested transaction joining its outer one", async () => {
  expect(await runChecks(CHECKS)).toEqual({
    answer: "done",
    refused: "refused",
    seenInside: true,
    seenOutside: false,
    nested: "outer refused",
    names: ["kept-1", "kept-2", "pending"],
  });
});
