import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../../tests/support/api";
import { createInviteOnlySwitch } from "../../../tests/support/invite-only";
import {
  CookieJar,
  finishCallback,
  publicUrlOf,
  setUpOidcServer,
  signInWithProvider,
  toCallback,
  visit,
} from "../../../tests/support/oidc-flow";
import { startServer } from "../../../tests/support/server";

/**
 * A sign-in that must not succeed ends on /login with a reason the page words (never a 500, never a session):
 * a state this browser did not start, a code used twice, an expired ID token, a provider that is down.
 */
const run = Date.now().toString(36);
const ACCOUNTS = {
  regular: { email: `regular-${run}@example.com`, email_verified: true, preferred_username: "regular" },
  newcomer: { email: `newcomer-${run}@example.com`, email_verified: true },
};
const { live, provider } = setUpOidcServer(ACCOUNTS);
const base = () => publicUrlOf(live.server);
const reasonOf = (landing: URL) => landing.searchParams.get("oidc_error");
/** Codes and states seen on the way, which no log may hold. */
const secrets = new Set<string>();
function seen(callbackUrl: string): string {
  const url = new URL(callbackUrl);
  for (const name of ["code", "state"]) secrets.add(url.searchParams.get(name) ?? "");
  secrets.delete("");
  return callbackUrl;
}

let admin: Session;
beforeAll(async () => {
  // The first account, made with a password, is the administrator (no ADMIN_EMAIL, no admin group here).
  admin = await signUp(live.server);
});

test("a provider that is down when sign-in starts: back to /login saying so; it works once the provider is back", async () => {
  await provider().stop();
  try {
    const response = await visit(new CookieJar(), `${base()}/api/auth/oidc/start?next=%2Fupload`);
    expect(response.status).toBe(303);
    const landing = new URL(response.headers.get("location") as string, base());
    expect(landing.pathname + landing.search).toBe("/login?oidc_error=unavailable&next=%2Fupload");
  } finally {
    await provider().start();
  }
  expect(live.server.output()).toContain("the OIDC provider's discovery failed");
  const { landing, session } = await signInWithProvider(live.server, "regular");
  expect(landing.searchParams.get("oidc")).toBe("done");
  expect(session?.user.email).toBe(ACCOUNTS.regular.email);
});

describe("the callback refuses", () => {
  test("a state this browser's sign-in did not start, and a callback without the sign-in's cookie", async () => {
    const jar = new CookieJar();
    const callbackUrl = new URL(seen(await toCallback(jar, live.server, "regular")));
    callbackUrl.searchParams.set("state", "forged-state");
    expect(reasonOf(await finishCallback(jar, callbackUrl.href))).toBe("retry");
    const other = seen(await toCallback(new CookieJar(), live.server, "regular"));
    expect(reasonOf(await finishCallback(new CookieJar(), other))).toBe("retry");
  });

  test("a code used twice, even with the sign-in's own cookie kept and sent again", async () => {
    const jar = new CookieJar();
    const callbackUrl = seen(await toCallback(jar, live.server, "regular"));
    const flowCookie = jar.get(base(), "stemma_oidc_flow") as string;
    expect((await finishCallback(jar, callbackUrl)).searchParams.get("oidc")).toBe("done");
    // The browser's cookie is spent.
    expect(reasonOf(await finishCallback(jar, callbackUrl))).toBe("retry");
    // A copy of it takes the code to the provider, which refuses it the second time.
    const replay = new CookieJar();
    replay.set(base(), "stemma_oidc_flow", flowCookie);
    expect(reasonOf(await finishCallback(replay, callbackUrl))).toBe("failed");
    expect(live.server.output()).toMatch(/OIDC sign-in failed.*invalid_grant/);
  });

  test("an expired ID token (the provider's clock two hours behind when it signs it)", async () => {
    const jar = new CookieJar();
    const callbackUrl = seen(await toCallback(jar, live.server, "regular"));
    await provider().setClockSkew(-2 * 3600);
    try {
      expect(reasonOf(await finishCallback(jar, callbackUrl))).toBe("failed");
    } finally {
      await provider().setClockSkew(0);
    }
    expect(live.server.output()).toContain("OAUTH_JWT_TIMESTAMP_CHECK_FAILED");
  });

  test("the provider's access_denied (the person said no) is a cancelled sign-in", async () => {
    const jar = new CookieJar();
    const callbackUrl = new URL(seen(await toCallback(jar, live.server, "regular")));
    const denied = new URL(callbackUrl.pathname, callbackUrl);
    for (const name of ["state", "iss"]) denied.searchParams.set(name, callbackUrl.searchParams.get(name) ?? "");
    denied.searchParams.set("error", "access_denied");
    expect(reasonOf(await finishCallback(jar, denied.href))).toBe("cancelled");
  });

  test("a provider that goes down before the code is traded: back to /login saying so", async () => {
    const jar = new CookieJar();
    const callbackUrl = seen(await toCallback(jar, live.server, "regular"));
    await provider().stop();
    try {
      expect(reasonOf(await finishCallback(jar, callbackUrl))).toBe("unavailable");
    } finally {
      await provider().start();
    }
  });
});

test("while invites are required, sign-in makes no account, and the accounts it has still sign in", async () => {
  const inviteOnly = await createInviteOnlySwitch(live.server, admin);
  await inviteOnly(true);
  try {
    const refused = await signInWithProvider(live.server, "newcomer");
    expect(reasonOf(refused.landing)).toBe("invite");
    expect(refused.session).toBeNull();
    const known = await signInWithProvider(live.server, "regular");
    expect(known.session?.user.email).toBe(ACCOUNTS.regular.email);
  } finally {
    await inviteOnly(false);
  }
  expect((await signInWithProvider(live.server, "newcomer")).session?.user.email).toBe(ACCOUNTS.newcomer.email);
});

test("without OIDC_ISSUER the routes are 404s, and the sign-in pages offer no button", async () => {
  const plain = await startServer();
  try {
    for (const [method, path] of [
      ["GET", "/auth/oidc/start"],
      ["GET", "/auth/oidc/callback?code=x&state=y"],
      ["POST", "/auth/oidc/session"],
    ] as const) {
      expect(await call(plain, method, path)).toMatchObject({
        status: 404,
        body: { message: "Sign-in with OIDC is not configured" },
      });
    }
    for (const page of ["/login", "/register"]) {
      const html = await (await fetch(`${plain.url}${page}`)).text();
      expect(html).toContain("&quot;oidcLabel&quot;:[0,null]");
    }
  } finally {
    await plain.stop();
  }
  const html = await (await fetch(`${base()}/login`)).text();
  expect(html).toContain("&quot;oidcLabel&quot;:[0,&quot;SSO&quot;]");
});

test("no code or state of these sign-ins reached the server's log", () => {
  const output = live.server.output();
  expect(secrets.size).toBeGreaterThan(8);
  for (const secret of secrets) expect(output).not.toContain(secret);
  expect(output).not.toContain("Internal server error");
  expect(output).not.toContain("unhandled error");
});
