/** `npm run grant-quota -- <email> <hours>` against a running server's DATA_DIR: the quota it grants is used at once. */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { upload } from "../../tests/support/uploads";
import type { StorageQuota } from "../storage/model";

const ROOT = join(import.meta.dir, "../..");
// alsa-Front_Center.wav decodes to 1.4285 s: one fits in a 2 s free quota, a second does not.
const CLIP = "real-audio/alsa-Front_Center.wav";

const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "2" } });
let session: Session;

beforeAll(async () => {
  session = await signUp(live.server);
}, 30_000);

/**
 * Runs the script on the test server's data folder, with the server's environment as an admin would
 * (`docker exec` does); `viaNpm` goes through the documented `npm run grant-quota --` line.
 */
function grantQuota(args: string[], { viaNpm = false } = {}) {
  const command = viaNpm ? ["npm", "run", "--silent", "grant-quota", "--"] : ["bun", "scripts/grant-quota.ts"];
  const run = Bun.spawnSync([...command, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: live.server.dataDir, DATABASE_URL: live.server.databaseUrl ?? "", FREE_QUOTA_SECONDS: "2" },
  });
  return { exitCode: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

const quota = async () => (await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: session.token })).body;

test("granted hours raise the total while the server runs; an upload that did not fit now fits; 0 removes them", async () => {
  expect((await upload(live.server, session, { original: CLIP })).status).toBe(201);
  expect((await upload(live.server, session, { original: CLIP })).status).toBe(413);

  const granted = grantQuota([session.user.email, "0.01"], { viaNpm: true });
  expect(granted.stderr).toBe("");
  expect(granted.exitCode).toBe(0);
  expect(granted.stdout).toBe(
    `Paid quota of ${session.user.email}: 36s (36 s)\nTotal quota: 38s (38 s) = free 2s (2 s) + paid\nUsed: 1s (1 s)\n`,
  );
  expect(await quota()).toMatchObject({ paidQuotaSeconds: 36, totalQuotaSeconds: 38, freeQuotaSeconds: 2, isOverQuota: false });
  expect((await upload(live.server, session, { original: CLIP })).status).toBe(201);

  const removed = grantQuota([session.user.email, "0"]);
  expect(removed.exitCode).toBe(0);
  expect(removed.stdout).toContain("(over quota)");
  // Two clips (2.86 s) stay stored, now over the 2 s free quota.
  expect(await quota()).toMatchObject({ paidQuotaSeconds: 0, totalQuotaSeconds: 2, isOverQuota: true });
  expect((await upload(live.server, session, { original: CLIP })).status).toBe(413);
}, 60_000);

test("e-mail addresses match regardless of case", async () => {
  expect(grantQuota([session.user.email.toUpperCase(), "1"]).exitCode).toBe(0);
  expect(await quota()).toMatchObject({ paidQuotaSeconds: 3600, totalQuotaSeconds: 3602 });
});

describe("refused, changing nothing", () => {
  test.each([
    [["nobody@example.com", "5"], 'No user has the e-mail address "nobody@example.com"'],
    ...["-1", "abc", "", "1e3", "0x10", "Infinity", "2h", "876001"].map((hours) => [
      ["EMAIL", hours],
      `Hours must be a number from 0 to 876000, like 10 or 2.5 (got "${hours}")`,
    ]),
    [["EMAIL"], "Usage: npm run grant-quota -- <email> <hours>   (0 hours removes the paid quota)"],
    [["EMAIL", "1", "2"], "Usage: npm run grant-quota -- <email> <hours>   (0 hours removes the paid quota)"],
  ] as Array<[string[], string]>)("%p", async (args, message) => {
    const before = await quota();
    const run = grantQuota(args.map((arg) => (arg === "EMAIL" ? session.user.email : arg)));
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim()).toBe(message);
    expect(run.stdout).toBe("");
    expect(await quota()).toEqual(before);
  });

  test("a DATA_DIR without a Stemma database", () => {
    const run = Bun.spawnSync(["bun", "scripts/grant-quota.ts", session.user.email, "1"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: join(live.server.dataDir, "not-here") },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.toString().trim()).toBe(
      `No Stemma database in ${join(live.server.dataDir, "not-here")}: set DATA_DIR to the server's data folder`,
    );
  });
});
