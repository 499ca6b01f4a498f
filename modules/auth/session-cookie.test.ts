/**
 * Issue 39 item 1: the browser's session lives in an httpOnly cookie. Sign-in sets it, it signs requests in alone,
 * changes sent with it must come from this site (by Origin, else Sec-Fetch-Site), and signing out removes it. API
 * clients go on with `Authorization: Bearer`, which needs no such check.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import type { Session } from "./model";
import { CROSS_SITE, SESSION_COOKIE } from "./session-cookie";

const live = setUpServer();
type Account = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
});

/** A request as a browser sends it: the session in its cookie, and whatever Origin and Sec-Fetch-Site it says. */
const fromBrowser = (method: string, path: string, token: string, headers: Record<string, string> = {}, body?: unknown) =>
  call<{ id?: string; message?: string }>(live.server, method, path, {
    headers: { cookie: `${SESSION_COOKIE}=${token}`, ...headers },
    body,
  });
const own = () => new URL(live.server.url);
const bio = { bio: "Set from the browser" };

/** The session cookie a reply sets, with its attributes. */
function setCookieOf(headers: Headers): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

describe("the session cookie", () => {
  let user: Account;
  beforeAll(async () => {
    user = await signUp(live.server);
  });

  test("signing in sets it httpOnly, Lax, for the whole site and the token's lifetime, and answers the token too", async () => {
    const login = await call<Session>(live.server, "POST", "/auth/login", {
      body: { email: user.user.email, password: user.password },
    });
    const cookie = setCookieOf(login.headers) as string;
    expect(cookie).toStartWith(`${SESSION_COOKIE}=${login.body.token};`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure"); // served over plain http
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 86_400);
    const signup = await call(live.server, "POST", "/auth/signup", {
      body: { email: `cookie${Date.now()}@example.com`, username: `cookie_${Date.now()}`, password: "Secret123" },
    });
    expect(setCookieOf(signup.headers)).toBeDefined();
  });

  test("it signs a request in alone, and a change it sends from this site passes", async () => {
    expect((await fromBrowser("GET", "/auth/me", user.token)).body.id).toBe(user.user.id);
    const sameOrigin = await fromBrowser("PATCH", "/auth/me", user.token, { origin: own().origin }, bio);
    expect(sameOrigin.status).toBe(200);
    // Reached by another name (a LAN name, an IP address): its own Host is this site.
    const byLanName = await fromBrowser(
      "PATCH",
      "/auth/me",
      user.token,
      { origin: "http://nas.local:3000", host: "nas.local:3000" },
      bio,
    );
    expect(byLanName.status).toBe(200);
    const noOrigin = await fromBrowser("PATCH", "/auth/me", user.token, { "sec-fetch-site": "same-origin" }, bio);
    expect(noOrigin.status).toBe(200);
  });

  test("a change it sends from another site is refused, and changes nothing", async () => {
    const forged: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: `http://evil.example:${own().port}` },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const headers of forged) {
      const refused = await fromBrowser("PATCH", "/auth/me", user.token, headers, { bio: "forged" });
      expect(refused).toMatchObject({ status: 403, body: { message: CROSS_SITE } });
    }
    const profile = await call<{ bio: string }>(live.server, "GET", "/auth/me", { token: user.token });
    expect(profile.body.bio).not.toBe("forged");
    // Reading is no change: a cross-site GET is answered (SameSite keeps the cookie off most such requests anyway).
    expect((await fromBrowser("GET", "/auth/me", user.token, { origin: "https://evil.example" })).status).toBe(200);
  });

  test("API clients send Bearer with no Origin, as before", async () => {
    expect((await call(live.server, "PATCH", "/auth/me", { token: user.token, body: bio })).status).toBe(200);
  });
});

describe("signing out", () => {
  test("POST /auth/logout ends this session and removes the cookie; other sessions go on", async () => {
    const user = await signUp(live.server);
    const other = await call<Session>(live.server, "POST", "/auth/login", {
      body: { email: user.user.email, password: user.password },
    });
    const out = await fromBrowser("POST", "/auth/logout", user.token, { origin: own().origin });
    expect(out.status).toBe(200);
    expect(setCookieOf(out.headers)).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await fromBrowser("GET", "/auth/me", user.token)).status).toBe(401);
    expect((await call(live.server, "GET", "/auth/me", { token: other.body.token })).status).toBe(200);
    // Signed out already, or never signed in: the cookie is removed all the same.
    const again = await call(live.server, "POST", "/auth/logout");
    expect(again.status).toBe(200);
    expect(setCookieOf(again.headers)).toContain("Max-Age=0");
  });

  test("'Log out everywhere' and deleting the account remove the cookie", async () => {
    const user = await signUp(live.server);
    const everywhere = await fromBrowser(
      "POST",
      "/auth/logout-everywhere",
      user.token,
      { origin: own().origin },
      { password: user.password },
    );
    expect(setCookieOf(everywhere.headers)).toContain("Max-Age=0");
    const leaving = await signUp(live.server);
    const deleted = await fromBrowser(
      "DELETE",
      "/auth/me",
      leaving.token,
      { origin: own().origin },
      { password: leaving.password },
    );
    expect(deleted.status).toBe(200);
    expect(setCookieOf(deleted.headers)).toContain("Max-Age=0");
  });
});

describe("a browser signed in before the cookie", () => {
  test("moves its stored token into the cookie once, and stays signed in with the same session", async () => {
    const user = await signUp(live.server);
    const moved = await call(live.server, "POST", "/auth/session-cookie", { token: user.token });
    expect(moved.status).toBe(200);
    expect(setCookieOf(moved.headers)).toStartWith(`${SESSION_COOKIE}=${user.token};`);
    expect((await fromBrowser("GET", "/auth/me", user.token)).body.id).toBe(user.user.id);
    const sessions = await call<unknown[]>(live.server, "GET", "/auth/sessions", { token: user.token });
    expect(sessions.body).toHaveLength(1);
  });

  test("only a session is moved, never an access token", async () => {
    const user = await signUp(live.server);
    expect((await call(live.server, "POST", "/auth/session-cookie")).status).toBe(401);
    const byCookie = await fromBrowser("POST", "/auth/session-cookie", user.token, { origin: own().origin });
    expect(byCookie.status).toBe(200);
    expect(setCookieOf(byCookie.headers)).toStartWith(`${SESSION_COOKIE}=${user.token};`);
    const token = await call<{ token: string }>(live.server, "POST", "/auth/tokens", {
      token: user.token,
      body: { name: "t", scopes: ["read", "write"] },
    });
    expect((await call(live.server, "POST", "/auth/session-cookie", { token: token.body.token })).status).toBe(403);
  });
});
