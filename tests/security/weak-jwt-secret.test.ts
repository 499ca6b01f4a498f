/** Advisory regression (Navidrome CVE-2024-56362 family): a guessable JWT_SECRET lets anyone sign sessions. */
import { expect, test } from "bun:test";
import { startServer, testOnCluster } from "../support/server";

test.each([
  ["shorter than 32 bytes", "only-twenty-bytes-xx", "JWT_SECRET is too short"],
  ["a well-known default", "please-change-this-secret-in-production", "JWT_SECRET is a well-known default"],
  ["one character repeated", "a".repeat(64), "JWT_SECRET repeats too few characters"],
])("a weak JWT_SECRET (%s) is refused at boot with a message", async (_why, secret, message) => {
  const boot = startServer({ env: { JWT_SECRET: secret } });
  const error = await boot.then(
    async (server) => {
      await server.stop();
      return null;
    },
    (failure: Error) => failure.message,
  );
  expect(error).toContain(message);
  // Each process refuses it: the one server, or every process of a cluster (two API instances and the worker).
  expect(error?.split("server exited early").length).toBe((testOnCluster ? 3 : 1) + 1);
});

test("a long random JWT_SECRET boots", async () => {
  const server = await startServer({ env: { JWT_SECRET: "kq3V9xw0Lr7TzPmN2bY8cD4fH6jA1sE5gU" } });
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  await server.stop();
});
