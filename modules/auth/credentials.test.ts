/**
 * Issue 39 items 3 and 4: personal access tokens (made, shown once, scoped, expiring, revoked) and the signed-in
 * sessions a person can see and sign out one by one.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { eventually } from "../../tests/support/eventually";
import { setUpServer } from "../../tests/support/lifecycle";
import type { AccessTokenSummary, Session, SessionSummary } from "./model";

const live = setUpServer();
type Account = Awaited<ReturnType<typeof signUp>>;
type Reply<T> = Promise<{ status: number; body: T & { message?: string } }>;

let admin: Account;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
});

const makeToken = (session: string, body: unknown): Reply<AccessTokenSummary & { token: string }> =>
  call(live.server, "POST", "/auth/tokens", { token: session, body });
const tokensOf = (session: string): Reply<AccessTokenSummary[]> => call(live.server, "GET", "/auth/tokens", { token: session });
const sessionsOf = (session: string): Reply<SessionSummary[]> => call(live.server, "GET", "/auth/sessions", { token: session });
const me = (token: string) => call<{ id: string; message?: string }>(live.server, "GET", "/auth/me", { token });
const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const loginFrom = (account: Account, userAgent: string) =>
  call<Session>(live.server, "POST", "/auth/login", {
    body: { email: account.user.email, password: account.password },
    headers: { "user-agent": userAgent },
  });

describe("personal access tokens", () => {
  test("a token is shown once, listed without it, and works as a Bearer token, marked used", async () => {
    const user = await signUp(live.server);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const made = await makeToken(user.token, { name: "  backup script ", scopes: ["read", "read"], expiresAt });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^stemma_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ name: "backup script", scopes: ["read"], expiresAt, lastUsedAt: null });

    const listed = await tokensOf(user.token);
    expect(listed.body).toEqual([
      { id: made.body.id, name: "backup script", scopes: ["read"], expiresAt, lastUsedAt: null, createdAt: made.body.createdAt },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);

    expect((await me(made.body.token)).body.id).toBe(user.user.id);
    await eventually("the token marked used", async () => (await tokensOf(user.token)).body[0]?.lastUsedAt != null);
    const [used] = (await tokensOf(user.token)).body;
    expect(Date.parse(used?.lastUsedAt as string)).toBeGreaterThanOrEqual(Date.parse(made.body.createdAt));
  });

  test("each scope allows its requests and a request outside them answers 403", async () => {
    const user = await signUp(live.server);
    const read = (await makeToken(user.token, { name: "read", scopes: ["read"] })).body.token;
    const write = (await makeToken(user.token, { name: "write", scopes: ["write"] })).body.token;
    const upload = (await makeToken(user.token, { name: "upload", scopes: ["upload"] })).body.token;

    expect((await call(live.server, "GET", "/tracks", { token: read })).status).toBe(200);
    const refused = await call<{ message: string }>(live.server, "GET", "/tracks", { token: write });
    expect(refused).toMatchObject({ status: 403, body: { message: "This access token does not have the read scope" } });

    const rename = { body: { bio: "Written by a script" } };
    expect((await call(live.server, "PATCH", "/auth/me", { token: read, ...rename })).status).toBe(403);
    expect((await call(live.server, "PATCH", "/auth/me", { token: write, ...rename })).status).toBe(200);

    // Sending audio needs `upload`: without it the refusal comes before the body is read; with it, the body is judged.
    const empty = new FormData();
    const noUpload = await call<{ message: string }>(live.server, "POST", "/track", { token: write, body: empty });
    expect(noUpload).toMatchObject({ status: 403, body: { message: "This access token does not have the upload scope" } });
    expect((await call(live.server, "POST", "/track", { token: upload, body: empty })).status).toBe(400);
    expect((await call(live.server, "POST", "/uploads", { token: write, headers: { "tus-resumable": "1.0.0" } })).status).toBe(
      403,
    );
  });

  test("the admin scope is for admins, and an admin's token needs it for the admin routes", async () => {
    const user = await signUp(live.server);
    const refused = await makeToken(user.token, { name: "mine", scopes: ["admin"] });
    expect(refused).toMatchObject({ status: 403, body: { message: "Only admins may give a token the admin scope" } });

    const everyday = (await makeToken(admin.token, { name: "everyday", scopes: ["read", "write"] })).body.token;
    const adminToken = (await makeToken(admin.token, { name: "admin", scopes: ["admin"] })).body.token;
    expect((await call(live.server, "GET", "/admin/users", { token: everyday })).status).toBe(403);
    expect((await call(live.server, "GET", "/admin/users", { token: adminToken })).status).toBe(200);
    // A user's token never reaches the admin routes, whatever its scopes.
    const userToken = (await makeToken(user.token, { name: "all", scopes: ["read", "write", "upload"] })).body.token;
    expect((await call(live.server, "GET", "/admin/users", { token: userToken })).status).toBe(403);
  });

  test("bad input is refused with a message and makes no token", async () => {
    const user = await signUp(live.server);
    const cases: [unknown, string][] = [
      [{ name: " ", scopes: ["read"] }, "Give the token a name"],
      [{ name: "x".repeat(101), scopes: ["read"] }, "A token's name is at most 100 characters"],
      [{ name: "none", scopes: [] }, "Choose at least one scope"],
      [{ name: "odd", scopes: ["read", "delete"] }, "Unknown scope: delete (scopes are read, write, upload, admin)"],
      [{ name: "past", scopes: ["read"], expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt must be in the future"],
      [{ name: "bad date", scopes: ["read"], expiresAt: "next week" }, "expiresAt must be a date and time (ISO 8601)"],
    ];
    for (const [body, message] of cases)
      expect(await makeToken(user.token, body)).toMatchObject({ status: 400, body: { message } });
    expect((await makeToken(user.token, { scopes: ["read"] })).status).toBe(400);
    expect((await tokensOf(user.token)).body).toEqual([]);
    expect((await makeToken("", { name: "anonymous", scopes: ["read"] })).status).toBe(401);
  });

  test("a revoked or expired token signs nobody in; only its owner revokes it, and a token manages no credentials", async () => {
    const user = await signUp(live.server);
    const other = await signUp(live.server);
    const made = (await makeToken(user.token, { name: "short", scopes: ["read", "write"] })).body;
    expect((await call(live.server, "DELETE", `/auth/tokens/${made.id}`, { token: other.token })).status).toBe(404);
    expect((await me(made.token)).status).toBe(200);

    const manage = "An access token cannot manage sign-ins and tokens: sign in to do this";
    expect(await makeToken(made.token, { name: "more", scopes: ["read"] })).toMatchObject({
      status: 403,
      body: { message: manage },
    });
    expect((await sessionsOf(made.token)).status).toBe(403);
    expect(
      (await call(live.server, "POST", "/auth/logout-everywhere", { token: made.token, body: { password: user.password } }))
        .status,
    ).toBe(403);

    expect((await call(live.server, "DELETE", `/auth/tokens/${made.id}`, { token: user.token })).status).toBe(200);
    expect((await me(made.token)).status).toBe(401);
    expect((await call(live.server, "DELETE", `/auth/tokens/${made.id}`, { token: user.token })).status).toBe(404);

    const soon = (
      await makeToken(user.token, { name: "soon", scopes: ["read"], expiresAt: new Date(Date.now() + 1500).toISOString() })
    ).body;
    expect((await me(soon.token)).status).toBe(200);
    await eventually("the token expired", async () => (await me(soon.token)).status === 401);
  });
});

describe("signed-in sessions", () => {
  test("each sign-in is listed with its browser and device, this one marked; signing one out ends only it", async () => {
    const user = await signUp(live.server);
    const laptop = (await loginFrom(user, CHROME_LINUX)).body.token;
    const phone = (await loginFrom(user, SAFARI_IPHONE)).body.token;

    const listed = (await sessionsOf(laptop)).body;
    expect(listed).toHaveLength(3); // the sign-up's session too
    const byBrowser = Object.fromEntries(listed.map((session) => [session.browser, session]));
    expect(byBrowser["Chrome 131"]).toMatchObject({ device: "Linux", userAgent: CHROME_LINUX, current: true });
    expect(byBrowser["Safari 18"]).toMatchObject({ device: "iPhone", current: false });
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    for (const session of listed) expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));

    const phoneSession = byBrowser["Safari 18"] as SessionSummary;
    expect((await call(live.server, "DELETE", `/auth/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    expect((await sessionsOf(laptop)).body.map((session) => session.id)).not.toContain(phoneSession.id);
    expect((await call(live.server, "DELETE", `/auth/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(404);
  });

  test("nobody sees or signs out another person's sessions", async () => {
    const user = await signUp(live.server);
    const other = await signUp(live.server);
    const [session] = (await sessionsOf(user.token)).body;
    expect((await call(live.server, "DELETE", `/auth/sessions/${session?.id}`, { token: other.token })).status).toBe(404);
    expect((await me(user.token)).status).toBe(200);
    expect((await sessionsOf(other.token)).body.map((listed) => listed.id)).not.toContain(session?.id);
    expect((await sessionsOf("")).status).toBe(401);
  });

  test("'Log out everywhere' and a password change end the listed sessions with their tokens", async () => {
    const user = await signUp(live.server);
    await loginFrom(user, CHROME_LINUX);
    const changed = await call<Session>(live.server, "POST", "/auth/password", {
      token: user.token,
      body: { currentPassword: user.password, newPassword: "Changed456" },
    });
    const after = (await sessionsOf(changed.body.token)).body;
    expect(after).toHaveLength(1);
    expect(after[0]?.current).toBe(true);

    expect(
      (
        await call(live.server, "POST", "/auth/logout-everywhere", {
          token: changed.body.token,
          body: { password: "Changed456" },
        })
      ).status,
    ).toBe(200);
    const again = await call<Session>(live.server, "POST", "/auth/login", {
      body: { email: user.user.email, password: "Changed456" },
    });
    expect((await sessionsOf(again.body.token)).body).toHaveLength(1);
  });
});
