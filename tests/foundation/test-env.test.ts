/**
 * Test set-up leaves process.env as it found it: bun test runs every file in one process, and servers started by
 * later files inherit process.env (a LOG_LEVEL left behind once silenced a child server's log).
 */
import { expect, test } from "bun:test";
import { openTestDatabase } from "../support/in-process-database";

test("opening the in-process database changes no environment variable", async () => {
  const before = { ...process.env };
  const db = await openTestDatabase("test-env");
  expect(db.$client.query("select 1 as one").get()).toEqual({ one: 1 });
  expect({ ...process.env }).toEqual(before);
});
