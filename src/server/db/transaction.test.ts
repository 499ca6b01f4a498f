/**
 * transaction() on a real migrated SQLite file: an async body commits or rolls back as a whole, two
 * transactions never overlap on the one connection, and one opened inside another joins it.
 */
import { afterAll, expect, test } from "bun:test";
import { inArray, like } from "drizzle-orm";
import { featureFlags } from "../../../modules/admin/schema";
import { openTestDatabase } from "../../../tests/support/in-process-database";
import { transaction } from "./transaction";

const db = await openTestDatabase("transaction");

const PREFIX = "transaction-test-";
const names = async () =>
  (
    await db
      .select({ name: featureFlags.name })
      .from(featureFlags)
      .where(like(featureFlags.name, `${PREFIX}%`))
  )
    .map((row) => row.name)
    .sort();
const add = (executor: typeof db, name: string) => executor.insert(featureFlags).values({ name: `${PREFIX}${name}` });

// bun test may run several files on one database (the first file's DATA_DIR): leave it as found.
afterAll(async () => {
  await db.delete(featureFlags).where(like(featureFlags.name, `${PREFIX}%`));
});

test("a body that resolves is committed, and its value is answered", async () => {
  const answer = await transaction(async (tx) => {
    await add(tx, "kept-1");
    await add(tx, "kept-2");
    return "done";
  });
  expect(answer).toBe("done");
  expect(await names()).toEqual([`${PREFIX}kept-1`, `${PREFIX}kept-2`]);
  expect(db.$client.inTransaction).toBe(false);
});

test("a body that throws is rolled back whole and its error reaches the caller", async () => {
  const refused = transaction(async (tx) => {
    await add(tx, "rolled-back");
    throw new Error("refused");
  });
  await expect(refused).rejects.toThrow("refused");
  expect(await names()).not.toContain(`${PREFIX}rolled-back`);
  expect(db.$client.inTransaction).toBe(false);
});

test("a second transaction waits until the first, paused mid-body, has committed", async () => {
  const events: string[] = [];
  let resume = () => {};
  const paused = new Promise<void>((resolve) => {
    resume = resolve;
  });
  const first = transaction(async (tx) => {
    events.push("first begins");
    await add(tx, "first");
    await paused; // real waiting inside a body: the other transaction must not BEGIN meanwhile
    events.push("first ends");
  });
  const second = transaction(async (tx) => {
    events.push("second begins");
    await add(tx, "second");
  });
  await Bun.sleep(0);
  expect(events).toEqual(["first begins"]);
  resume();
  await Promise.all([first, second]);
  expect(events).toEqual(["first begins", "first ends", "second begins"]);
  expect(await names()).toEqual(expect.arrayContaining([`${PREFIX}first`, `${PREFIX}second`]));
});

test("a transaction opened inside another joins it: committed and rolled back together", async () => {
  await transaction(async (tx) => {
    await add(tx, "outer");
    await transaction(async (inner) => add(inner, "inner"));
  });
  expect(await names()).toEqual(expect.arrayContaining([`${PREFIX}outer`, `${PREFIX}inner`]));
  const failing = transaction(async (tx) => {
    await transaction(async (inner) => add(inner, "inner-lost"));
    await add(tx, "outer-lost");
    throw new Error("outer refused");
  });
  await expect(failing).rejects.toThrow("outer refused");
  const left = await db
    .select()
    .from(featureFlags)
    .where(inArray(featureFlags.name, [`${PREFIX}inner-lost`, `${PREFIX}outer-lost`]));
  expect(left).toEqual([]);
});

test("a failed transaction does not block the next one", async () => {
  await expect(
    transaction(async () => {
      throw new Error("first fails");
    }),
  ).rejects.toThrow("first fails");
  await transaction(async (tx) => add(tx, "after-failure"));
  expect(await names()).toContain(`${PREFIX}after-failure`);
});
