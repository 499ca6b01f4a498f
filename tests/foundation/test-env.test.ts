/**
 * Test set-up leaves process.env as it found it: bun test runs every file in one process, and servers started by
 * later files inherit process.env (a LOG_LEVEL left behind once silenced a child server's log).
 */
import { expect, test } from "bun:test";
import { withEnv } from "../support/env";
import { openTestDatabase } from "../support/in-process-database";

const NAME = "STEMMA_TEST_ENV_PROBE";

test("withEnv sets the variables while its body runs and puts back the old value, or none", async () => {
  process.env[NAME] = "before";
  const seen = await withEnv({ [NAME]: "during", [`${NAME}_NEW`]: "new" }, async () => [
    process.env[NAME],
    process.env[`${NAME}_NEW`],
  ]);
  expect(seen).toEqual(["during", "new"]);
  expect([process.env[NAME], `${NAME}_NEW` in process.env]).toEqual(["before", false]);
  delete process.env[NAME];
});

test("withEnv restores the environment when its body throws", async () => {
  const failing = withEnv({ [NAME]: "during" }, async () => {
    throw new Error("load failed");
  });
  await expect(failing).rejects.toThrow("load failed");
  expect(NAME in process.env).toBe(false);
});

test("opening the in-process database changes no environment variable", async () => {
  const before = { ...process.env };
  const db = await openTestDatabase("test-env");
  expect(db.$client.query("select 1 as one").get()).toEqual({ one: 1 });
  expect({ ...process.env }).toEqual(before);
});
