/**
 * transaction() on PostgreSQL (drizzle's async transaction): a body commits or rolls back as a whole, what it
 * writes stays invisible outside until it commits, and one opened inside another joins it. Run in a process of
 * its own, because the database module picks its dialect once per process.
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
import { transaction } from "./src/server/db/transaction.ts";
import { featureFlags } from "./modules/admin/schema.ts";
const names = async () => (await db.select({ name: featureFlags.name }).from(featureFlags)).map((row) => row.name).sort();
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

test("commit, rollback, isolation until commit, and a nested transaction joining its outer one", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "stemma-pg-transaction-"));
  try {
    const { code, out, err } = await runBun(["-e", CHECKS], {
      cwd: ROOT,
      env: { DATABASE_URL: await freshPostgresDatabase(), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    });
    expect({ err, code }).toEqual({ err: "", code: 0 });
    expect(JSON.parse(out)).toEqual({
      answer: "done",
      refused: "refused",
      seenInside: true,
      seenOutside: false,
      nested: "outer refused",
      names: ["kept-1", "kept-2", "pending"],
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
