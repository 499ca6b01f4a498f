/**
 * A forgotten password without a mail server: `npm run reset-password -- <email>` prints a link for the account, the
 * link's page posts `POST /api/auth/password-reset {token, password}`; the link works once, for an hour, and ends every
 * session of the account. Only the SHA-256 of the link's secret is stored.
 */
import { beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { call, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";

const INVALID_RESET_LINK = "This reset link is invalid, expired or already used. Ask your administrator for a new one.";
const ROOT = join(import.meta.dir, "../..");
const live = setUpServer();

/** The script on the test server's data, as an admin runs it beside the server (`docker exec` does). */
function resetPasswordScript(email: string, { viaNpm = false } = {}) {
  const command = viaNpm ? ["npm", "run", "--silent", "reset-password", "--"] : ["bun", "scripts/reset-password.ts"];
  const run = Bun.spawnSync([...command, email], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: live.server.dataDir,
      DATABASE_URL: live.server.databaseUrl ?? "",
      PUBLIC_URL: live.server.url,
    },
  });
  return { exitCode: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

/** A fresh link's token, read off the script's output. */
function resetLinkFor(email: string, options?: { viaNpm?: boolean }): string {
  const run = resetPasswordScript(email, options);
  expect([run.exitCode, run.stderr]).toEqual([0, ""]);
  const url = new URL(run.stdout.trim().split("\n").at(-1) as string);
  expect(`${url.origin}${url.pathname}`).toBe(`${live.server.url}/reset-password`);
  return url.searchParams.get("token") as string;
}

const reset = (token: string, password: string) =>
  call<{ success?: boolean; message?: string }>(live.server, "POST", "/auth/password-reset", { body: { token, password } });
const login = (email: string, password: string) => call(live.server, "POST", "/auth/login", { body: { email, password } });
const meStatus = async (token: string) => (await call(live.server, "GET", "/auth/me", { token })).status;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
});

test("the printed link sets a new password once and ends every session; only its hash is stored", async () => {
  const user = await signUp(live.server);
  const token = resetLinkFor(user.user.email.toUpperCase(), { viaNpm: true });
  const [row] = await runSql<{ token_hash: string }>(
    live.server,
    "select token_hash from password_resets where user_id = ?",
    user.user.id,
  );
  expect(row?.token_hash).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));

  expect([(await reset(token, "Renewed789")).status, await meStatus(user.token)]).toEqual([200, 401]);
  expect((await login(user.user.email, user.password)).status).toBe(401);
  expect((await login(user.user.email, "Renewed789")).status).toBe(200);
  const again = await reset(token, "Another789");
  expect([again.status, again.body.message]).toEqual([400, INVALID_RESET_LINK]);
  expect((await login(user.user.email, "Renewed789")).status).toBe(200);
});

test("a weak password is refused with SPEC §5's message and leaves the link working", async () => {
  const user = await signUp(live.server);
  const token = resetLinkFor(user.user.email);
  const weak = await reset(token, "nodigitsHere");
  expect([weak.status, weak.body.message]).toEqual([400, "Password must contain at least one number"]);
  expect((await reset(token, "Renewed789")).status).toBe(200);
});

test("an expired link, an unknown one and an empty one are the same 400", async () => {
  const user = await signUp(live.server);
  const token = resetLinkFor(user.user.email);
  await runSql(live.server, "update password_resets set expires_at = ? where user_id = ?", Date.now() - 1000, user.user.id);
  for (const tried of [token, "no-such-link", ""]) {
    const res = await reset(tried, "Renewed789");
    expect([res.status, res.body.message], tried).toEqual([400, INVALID_RESET_LINK]);
  }
  expect((await login(user.user.email, user.password)).status).toBe(200);
});

test("the script names an address no account has, and shows its usage", () => {
  const unknown = resetPasswordScript("nobody@example.com");
  expect([unknown.exitCode, unknown.stderr.trim()]).toEqual([1, 'No user has the e-mail address "nobody@example.com"']);
  const usage = Bun.spawnSync(["bun", "scripts/reset-password.ts"], { cwd: ROOT });
  expect([usage.exitCode, usage.stderr.toString().trim()]).toEqual([1, "Usage: npm run reset-password -- <email>"]);
});
