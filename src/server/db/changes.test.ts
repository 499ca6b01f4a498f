/**
 * changeMark() on a real migrated SQLite file: it stays while nothing is written, whatever is read, and moves with
 * every commit, whoever makes it (this connection, another one in this process, another process), and with every
 * rollback here (reads inside the transaction saw writes that are gone).
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { like } from "drizzle-orm";
import { featureFlags } from "../../../modules/admin/schema";
import { openTestDatabase } from "../../../tests/support/in-process-database";
import { changeMark } from "./changes";
import { transaction } from "./transaction";

const db = await openTestDatabase("changes");

const PREFIX = "changes-test-";
const path = db.$client.filename;
/** What other connections write: the description of a flag of this file's own. */
const SUBJECT = `${PREFIX}subject`;
const DESCRIBE = "update feature_flags set description = ? where name = ?";
await db.insert(featureFlags).values({ name: SUBJECT });
afterAll(async () => {
  await db.delete(featureFlags).where(like(featureFlags.name, `${PREFIX}%`));
});

/** Whether `act` moves the mark: read before and after it. */
async function moves(act: () => unknown): Promise<boolean> {
  const before = changeMark();
  expect(before).not.toBeNull();
  await act();
  return changeMark() !== before;
}

test("reads leave the mark as it is", async () => {
  expect(await moves(() => db.select().from(featureFlags).all())).toBe(false);
  expect(await moves(() => changeMark())).toBe(false);
});

test("a write this connection commits moves it", async () => {
  expect(await moves(() => db.insert(featureFlags).values({ name: `${PREFIX}own` }))).toBe(true);
});

test("a transaction moves it when it commits, and when it rolls back", async () => {
  expect(await moves(() => transaction(async (tx) => tx.insert(featureFlags).values({ name: `${PREFIX}committed` })))).toBe(true);
  let markInside: number | null = null;
  const rolledBack = moves(async () => {
    await transaction(async (tx) => {
      await tx.insert(featureFlags).values({ name: `${PREFIX}rolled-back` });
      markInside = changeMark();
      throw new Error("refused");
    }).catch(() => undefined);
  });
  expect(await rolledBack).toBe(true);
  // What a read inside saw is not current once the transaction is gone.
  expect(changeMark()).not.toBe(markInside);
});

test("a commit by another connection in this process moves it", async () => {
  const other = new Database(path);
  try {
    expect(await moves(() => other.run(DESCRIBE, ["by another connection", SUBJECT]))).toBe(true);
  } finally {
    other.close();
  }
});

test("a commit by another process moves it", async () => {
  const script = `const { Database } = require("bun:sqlite");
    new Database(process.argv[1]).run("${DESCRIBE}", ["by another process", "${SUBJECT}"]);`;
  expect(
    await moves(() => {
      const run = Bun.spawnSync([process.execPath, "-e", script, path]);
      expect(run.exitCode).toBe(0);
    }),
  ).toBe(true);
});

test("watching leaves this process's locks on the shared memory in place (the one that says it is in use)", () => {
  changeMark();
  // /proc/locks: "1: POSIX ADVISORY READ <pid> <major>:<minor>:<inode> <start> <end>"; SQLite's "in use" lock is
  // byte 128 of the -shm file, held shared by every process with the database open.
  const inode = statSync(`${path}-shm`).ino;
  const held = readFileSync("/proc/locks", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([, kind, , , pid, device, start]) =>
        kind === "POSIX" && pid === String(process.pid) && device?.endsWith(`:${inode}`) && start === "128",
    );
  expect(held.length).toBe(1);
});
