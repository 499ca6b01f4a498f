import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import { createInviteOnlySwitch, type InviteOnlySwitch } from "../../tests/support/invite-only";

interface InviteCode {
  id: string;
  code: string;
  usedCount: number;
  maxUses: number;
  isActive: boolean;
}

const live = setUpApp();
let admin: Session;
let setInviteOnly: InviteOnlySwitch;

beforeAll(async () => {
  admin = await signUp(live.server);
  setInviteOnly = await createInviteOnlySwitch(live.server, admin);
});

async function createCode(body: { maxUses?: number; expiresAt?: string; reference?: string }): Promise<InviteCode> {
  const res = await call<InviteCode>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body });
  expect(res.status).toBe(200);
  return res.body;
}

let counter = 0;
function signupBody(inviteCode?: string) {
  counter++;
  return { email: `invitee${counter}@example.com`, username: `invitee_${counter}`, password: "Secret123", inviteCode };
}

describe("with EARLY_ACCESS_REQUIRED on", () => {
  beforeAll(() => setInviteOnly(true));
  afterAll(() => setInviteOnly(false));

  test("the flag is listed in enabled-features for anyone", async () => {
    const res = await call<string[]>(live.server, "GET", "/auth/enabled-features");
    expect(res.body).toContain(EARLY_ACCESS_FLAG);
  });

  test("signup without a code gets 'Invite code is required'", async () => {
    const res = await call<{ message: string }>(live.server, "POST", "/auth/signup", { body: signupBody() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invite code is required");
  });

  test("a single-use code is consumed atomically: of two parallel signups exactly one succeeds", async () => {
    const invite = await createCode({ maxUses: 1 });
    const results = await Promise.all([
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) }),
      call<{ message?: string }>(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(results.find((res) => res.status === 400)?.body.message).toBe("Invite code is invalid, expired or used up");
    const list = await call<{ codes: InviteCode[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token });
    expect(list.body.codes.find((code) => code.id === invite.id)?.usedCount).toBe(1);
  });

  test("a code with 3 uses left, taken by 6 signups at once, admits exactly 3 and is then used up", async () => {
    const invite = await createCode({ maxUses: 4 });
    expect((await call(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) })).status).toBe(201);
    const bodies = Array.from({ length: 6 }, () => signupBody(invite.code));
    const results = await Promise.all(
      bodies.map((body) => call<{ message?: string }>(live.server, "POST", "/auth/signup", { body })),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(3);
    for (const res of results.filter((reply) => reply.status !== 201)) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invite code is invalid, expired or used up");
    }
    const list = await call<{ codes: InviteCode[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token });
    expect(list.body.codes.find((code) => code.id === invite.id)?.usedCount).toBe(4);
    // The refused signups left no account behind: their addresses cannot log in.
    const refusedEmails = bodies.filter((_, index) => results[index]?.status !== 201).map((body) => body.email);
    for (const email of refusedEmails) {
      const login = await call(live.server, "POST", "/auth/login", { body: { email, password: "Secret123" } });
      expect(login.status).toBe(401);
    }
  });

  test("a code is accepted in any letter case and with stray spaces", async () => {
    const invite = await createCode({ maxUses: 1 });
    const res = await call(live.server, "POST", "/auth/signup", { body: signupBody(` ${invite.code.toLowerCase()} `) });
    expect(res.status).toBe(201);
  });

  test("an expired code is refused and not used up", async () => {
    // Codes cannot be created already expired, so make one that expires in a moment and wait for it.
    const invite = await createCode({ maxUses: 3, expiresAt: new Date(Date.now() + 1_000).toISOString() });
    await Bun.sleep(1_200);
    const res = await call<{ message: string }>(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invite code is invalid, expired or used up");
    const list = await call<{ codes: InviteCode[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token });
    expect(list.body.codes.find((code) => code.id === invite.id)?.usedCount).toBe(0);
  });

  test("an inactive code is refused until it is activated again", async () => {
    const invite = await createCode({ maxUses: 1 });
    await call(live.server, "PATCH", `/admin/invite-codes/${invite.id}`, { token: admin.token, body: { isActive: false } });
    const refused = await call(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) });
    expect(refused.status).toBe(400);
    await call(live.server, "PATCH", `/admin/invite-codes/${invite.id}`, { token: admin.token, body: { isActive: true } });
    const accepted = await call(live.server, "POST", "/auth/signup", { body: signupBody(invite.code) });
    expect(accepted.status).toBe(201);
  });

  test("an unknown code is refused and no account is created", async () => {
    const body = signupBody("NOSUCHCODE");
    const res = await call(live.server, "POST", "/auth/signup", { body });
    expect(res.status).toBe(400);
    const login = await call(live.server, "POST", "/auth/login", { body: { email: body.email, password: body.password } });
    expect(login.status).toBe(401);
  });
});

describe("with EARLY_ACCESS_REQUIRED off", () => {
  test("the flag is not listed and signup needs no code", async () => {
    const features = await call<string[]>(live.server, "GET", "/auth/enabled-features");
    expect(features.body).not.toContain(EARLY_ACCESS_FLAG);
    const res = await call(live.server, "POST", "/auth/signup", { body: signupBody() });
    expect(res.status).toBe(201);
  });
});
