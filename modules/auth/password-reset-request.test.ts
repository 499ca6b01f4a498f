/**
 * `POST /api/auth/password-reset/request` without a mail server: the same answer for any address, every admin told
 * (by username, never by address) when the address has an account, limited like failed logins.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import type { NotificationPage } from "../notifications/model";

const live = setUpApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: "3", LOGIN_MAX_FAILURES_PER_IP: "8" } });
let admin: Session;
let user: Session;

/** attempt-limits.ts counts in fixed 15-minute windows of the clock. */
const LIMIT_WINDOW_MS = 15 * 60_000;

beforeAll(async () => {
  // The limit test counts the requests of the tests before it too: all of them must fall in one window. Within a
  // minute of a window's end (a CI run once crossed one there), start in the next.
  const left = LIMIT_WINDOW_MS - (Date.now() % LIMIT_WINDOW_MS);
  if (left < 60_000) await Bun.sleep(left + 100);
  admin = await signUp(live.server);
  user = await signUp(live.server);
}, 90_000);

const request = (email: unknown) =>
  call<{ success?: boolean; message?: string }>(live.server, "POST", "/auth/password-reset/request", { body: { email } });

/** The admin's reset notices, once at least `count` have come (the work happens after the answer). */
async function notices(count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const inbox = await call<NotificationPage>(live.server, "GET", "/notifications", { token: admin.token });
    const found = inbox.body.items.filter((item) => item.title === "Password reset requested").map((item) => item.message);
    if (found.length >= count || Date.now() > deadline) return found;
    await Bun.sleep(50);
  }
}

describe("asking for a reset link", () => {
  test("an address with an account and one without get the same answer; only the account's admins are told", async () => {
    const known = await request(` ${user.user.email.toUpperCase()} `);
    const unknown = await request("nobody-here@example.com");
    expect([known.status, known.body]).toEqual([200, { success: true }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    const told = await notices(1);
    await Bun.sleep(300); // room for a second, wrong notice to arrive
    expect(await notices(2)).toEqual(told);
    expect(told).toEqual([
      `${user.user.username} forgot their password. Make them a reset link on the Users screen (/admin/users).`,
    ]);
    expect(told[0]).not.toContain("@");
    // The user is not told anything, and the request changed nothing for them.
    expect((await call<NotificationPage>(live.server, "GET", "/notifications", { token: user.token })).body.total).toBe(0);
    expect((await call(live.server, "GET", "/auth/me", { token: user.token })).status).toBe(200);
  });

  test.each([["not an address"], [""], [42]])("%p is a 400 with SPEC §5's message", async (email) => {
    const refused = await request(email);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(typeof email === "string" ? "Please enter a valid email address" : refused.body.message);
  });

  test("limited per address and per client like failed logins: then 429, whatever the address", async () => {
    const address = "limited@example.com";
    for (let n = 0; n < 3; n++) expect((await request(address)).status).toBe(200);
    const blocked = await request(address);
    expect([blocked.status, blocked.body.message]).toEqual([
      429,
      "Too many password reset requests. Please wait 15 minutes and try again.",
    ]);
    // Two counted before this test and three here: three more addresses reach the client's eight.
    for (const other of ["a@example.com", "b@example.com", "c@example.com"]) expect((await request(other)).status).toBe(200);
    expect((await request("d@example.com")).status).toBe(429);
  });
});
