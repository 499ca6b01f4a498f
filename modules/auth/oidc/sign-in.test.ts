import { describe, expect, test } from "bun:test";
import { call, signUp } from "../../../tests/support/api";
import { CookieJar, publicUrlOf, setUpOidcServer, signInWithProvider, visit } from "../../../tests/support/oidc-flow";

/** Sign-in with a real provider (oidc-provider v8 on loopback): accounts made, found again, linked and refused. */
const run = Date.now().toString(36);
const address = (who: string) => `${who}-${run}@example.com`;
const ADMIN_GROUP = "stemma-admins";
const ACCOUNTS = {
  newbie: { email: address("newbie"), email_verified: true, preferred_username: "New Bie!" },
  chief: { email: address("chief"), email_verified: true, preferred_username: "chief", groups: [ADMIN_GROUP, "staff"] },
  twin: { email: address("twin"), email_verified: true, preferred_username: "New Bie!" },
  holder: { email: address("Holder"), email_verified: true, preferred_username: "holder-at-idp" },
  unverified: { email: address("unverified-holder"), email_verified: false },
  "unverified-new": { email: address("unverified-new"), email_verified: false },
  leaver: { email: address("leaver"), email_verified: true, preferred_username: "leaver" },
};

const { live, provider } = setUpOidcServer(ACCOUNTS, { OIDC_ADMIN_GROUP: ADMIN_GROUP, OIDC_BUTTON_LABEL: "Test ID" });

/** Every code, state and token a test saw, which the server's log must never hold. */
const secrets = new Set<string>();
function remember(result: Awaited<ReturnType<typeof signInWithProvider>>) {
  const callback = new URL(result.callbackUrl);
  for (const name of ["code", "state"]) {
    const value = callback.searchParams.get(name);
    if (value) secrets.add(value);
  }
  if (result.session) secrets.add(result.session.token);
  return result;
}
const signIn = async (login: string, jar?: CookieJar) => remember(await signInWithProvider(live.server, login, jar));

describe("a new account", () => {
  test("the first sign-in makes an account without a password: a SPEC §5 username from the provider's", async () => {
    const { landing, session } = await signIn("newbie");
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("oidc")).toBe("done");
    expect(session?.user).toMatchObject({ email: address("newbie"), username: "New_Bie", role: "USER" });
    const me = await call<{ id: string }>(live.server, "GET", "/auth/me", { token: session?.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(session?.user.id as string);
  });

  test("a username someone has gets a number; the same person signing in again is the same account", async () => {
    const twin = await signIn("twin");
    expect(twin.session?.user.username).toBe("New_Bie-2");
    const again = await signIn("twin");
    expect(again.session?.user.id).toBe(twin.session?.user.id as string);
  });

  test("a password login never signs in an account without a password; a reset link sets one", async () => {
    const { session } = await signIn("newbie");
    const login = await call(live.server, "POST", "/auth/login", { body: { email: address("newbie"), password: "" } });
    expect(login.status).toBe(400);
    for (const password of ["Secret123", "x"]) {
      const refused = await call(live.server, "POST", "/auth/login", { body: { email: address("newbie"), password } });
      expect(refused).toMatchObject({ status: 401, body: { message: "Invalid email or password" } });
    }
    const change = await call(live.server, "POST", "/auth/password", {
      token: session?.token,
      body: { currentPassword: "anything", newPassword: "Another123" },
    });
    expect(change.status).toBe(400);
    expect((change.body as { message: string }).message).toContain("no password yet");
    const chief = await signIn("chief");
    const link = await call<{ url: string }>(live.server, "POST", `/admin/users/${session?.user.id}/password-reset`, {
      token: chief.session?.token,
    });
    const token = new URL(link.body.url).searchParams.get("token") as string;
    secrets.add(token);
    expect((await call(live.server, "POST", "/auth/password-reset", { body: { token, password: "Chosen123" } })).status).toBe(
      200,
    );
    const withPassword = await call(live.server, "POST", "/auth/login", {
      body: { email: address("newbie"), password: "Chosen123" },
    });
    expect(withPassword.status).toBe(200);
    // The provider still signs the same account in.
    expect((await signIn("newbie")).session?.user.id).toBe(session?.user.id as string);
  });
});

describe("the admin group", () => {
  test("a member is ADMIN; leaving the group makes them USER at their next sign-in, and joining again ADMIN", async () => {
    const first = await signIn("chief");
    expect(first.session?.user.role).toBe("ADMIN");
    expect((await call(live.server, "GET", "/admin/feature-flags", { token: first.session?.token })).status).toBe(200);
    await provider().setAccount("chief", { ...ACCOUNTS.chief, groups: ["staff"] });
    const demoted = await signIn("chief");
    expect(demoted.session?.user.role).toBe("USER");
    // Roles are read on every request: the earlier session lost its rights too.
    expect((await call(live.server, "GET", "/admin/feature-flags", { token: first.session?.token })).status).toBe(403);
    await provider().setAccount("chief", ACCOUNTS.chief);
    expect((await signIn("chief")).session?.user.role).toBe("ADMIN");
  });
});

describe("an account that has the provider's address", () => {
  test("is linked only after its password is given in the same browser, then the provider signs it in", async () => {
    const holder = await signUp(live.server, { email: address("holder"), username: `holder_${run}` });
    const jar = new CookieJar();
    const refused = await signIn("holder", jar);
    expect(refused.session).toBeNull();
    expect(refused.landing.searchParams.get("oidc_error")).toBe("link");
    // The page is told what to say, never whose account it is.
    expect(refused.landing.href).not.toContain("@");
    // A password login elsewhere (no link cookie) links nothing.
    expect(
      (await call(live.server, "POST", "/auth/login", { body: { email: holder.user.email, password: holder.password } })).status,
    ).toBe(200);
    expect((await signIn("holder")).session).toBeNull();
    // A wrong password in this browser links nothing either, and leaves the link waiting.
    const login = (password: string) =>
      visit(jar, `${publicUrlOf(live.server)}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: holder.user.email, password }),
      });
    expect((await login("WrongPass1")).status).toBe(401);
    const linked = await login(holder.password);
    expect(linked.status).toBe(200);
    expect(linked.headers.getSetCookie().join()).toContain("stemma_oidc_link=;");
    const after = await signIn("holder");
    expect(after.session?.user).toMatchObject({ id: holder.user.id, email: holder.user.email, role: "USER" });
  });

  test("another account's password in that browser links nothing", async () => {
    const holder = await signUp(live.server, { email: address("holder2"), username: `holder2_${run}` });
    await provider().setAccount("holder2", { email: holder.user.email, email_verified: true });
    const other = await signUp(live.server);
    const jar = new CookieJar();
    expect((await signIn("holder2", jar)).landing.searchParams.get("oidc_error")).toBe("link");
    const response = await visit(jar, `${publicUrlOf(live.server)}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: other.user.email, password: other.password }),
    });
    expect(response.status).toBe(200);
    expect((await signIn("holder2")).landing.searchParams.get("oidc_error")).toBe("link");
  });

  test("an unverified address links to no account, even after its password, and makes none", async () => {
    const holder = await signUp(live.server, { email: address("unverified-holder"), username: `unverified_${run}` });
    const jar = new CookieJar();
    const refused = await signIn("unverified", jar);
    expect(refused.landing.searchParams.get("oidc_error")).toBe("unverified");
    expect(jar.get(publicUrlOf(live.server), "stemma_oidc_link")).toBeUndefined();
    const login = await visit(jar, `${publicUrlOf(live.server)}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: holder.user.email, password: holder.password }),
    });
    expect(login.status).toBe(200);
    expect((await signIn("unverified")).landing.searchParams.get("oidc_error")).toBe("unverified");
    expect((await signIn("unverified-new")).landing.searchParams.get("oidc_error")).toBe("unverified");
    // No account holds the unverified address: its owner can still register with it.
    expect(
      (
        await call(live.server, "POST", "/auth/signup", {
          body: { email: address("unverified-new"), username: `claimed_${run}`, password: "Secret123" },
        })
      ).status,
    ).toBe(201);
  });
});

describe("the hand-over", () => {
  test("the session cookie works once, and a missing one is a 401 with a message", async () => {
    const jar = new CookieJar();
    const { session } = await signIn("newbie", jar);
    expect(session).not.toBeNull();
    const again = await visit(jar, `${publicUrlOf(live.server)}/api/auth/oidc/session`, { method: "POST" });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: "Your sign-in has expired. Please sign in again." });
  });

  test("a forged hand-over cookie is refused", async () => {
    const jar = new CookieJar();
    const url = publicUrlOf(live.server);
    const forged = Buffer.from(JSON.stringify({ kind: "handover", exp: Date.now() + 60_000, sub: "x", sv: 0 })).toString(
      "base64url",
    );
    jar.set(url, "stemma_oidc_handover", `${forged}.AAAA`);
    expect((await visit(jar, `${url}/api/auth/oidc/session`, { method: "POST" })).status).toBe(401);
  });
});

// Last, once every case above has run through the server.
test("no code, state, token or session of any of these sign-ins reached the server's log", () => {
  const output = live.server.output();
  expect(output).toContain("account created by sign-in with OIDC");
  // LOG_LEVEL=debug logs every request's URL: the callback's shows with its secrets masked.
  expect(output).toContain("/api/auth/oidc/callback?code=[redacted]&state=[redacted]");
  expect(secrets.size).toBeGreaterThan(10);
  for (const secret of secrets) expect(output).not.toContain(secret);
  expect(output).not.toContain("stemma_oidc_");
});

describe("a deleted account", () => {
  test("the provider no longer signs it in, and says why", async () => {
    const { session } = await signIn("leaver");
    const chief = await signIn("chief");
    const link = await call<{ url: string }>(live.server, "POST", `/admin/users/${session?.user.id}/password-reset`, {
      token: chief.session?.token,
    });
    const token = new URL(link.body.url).searchParams.get("token") as string;
    secrets.add(token);
    await call(live.server, "POST", "/auth/password-reset", { body: { token, password: "Leaving123" } });
    const fresh = await call<{ token: string }>(live.server, "POST", "/auth/login", {
      body: { email: address("leaver"), password: "Leaving123" },
    });
    secrets.add(fresh.body.token);
    const deleted = await call(live.server, "DELETE", "/auth/me", { token: fresh.body.token, body: { password: "Leaving123" } });
    expect(deleted.status).toBe(200);
    const refused = await signIn("leaver");
    expect(refused.session).toBeNull();
    expect(refused.landing.searchParams.get("oidc_error")).toBe("deleted");
  });
});
