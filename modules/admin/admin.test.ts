import { beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import type { FeatureFlag, InviteCode } from "./model";

type Flag = FeatureFlag;
type Code = InviteCode;

const live = setUpApp();
let admin: Awaited<ReturnType<typeof signUp>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(live.server);
  user = await signUp(live.server);
});

const ROUTES = [
  ["GET", "/admin/feature-flags", undefined],
  ["POST", "/admin/feature-flags", { name: "X" }],
  ["PATCH", "/admin/feature-flags/any", { isEnabled: true }],
  ["GET", "/admin/invite-codes", undefined],
  ["POST", "/admin/invite-codes", { maxUses: 1 }],
  ["PATCH", "/admin/invite-codes/any", { isActive: false }],
] as const;

describe("admin access", () => {
  test.each(ROUTES)("%s %s: 401 without a token, 403 for a USER", async (method, path, body) => {
    const anonymous = await call<{ message: string }>(live.server, method, path, { body });
    expect(anonymous.status).toBe(401);
    const plain = await call<{ message: string }>(live.server, method, path, { body, token: user.token });
    expect(plain.status).toBe(403);
    expect(plain.body.message).toBe("Admin access required");
  });

  test("a USER's attempts change nothing", async () => {
    await call(live.server, "POST", "/admin/feature-flags", { token: user.token, body: { name: "SNEAKY" } });
    const flags = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    expect(flags.body.some((flag) => flag.name === "SNEAKY")).toBe(false);
  });
});

describe("feature flags", () => {
  test("a fresh instance already lists the flags the product reads, disabled and described", async () => {
    const list = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    const flag = list.body.find((candidate) => candidate.name === "EARLY_ACCESS_REQUIRED");
    expect(flag).toMatchObject({ isEnabled: false });
    expect(flag?.description).toContain("invite code");
    // Registration stays open until an admin turns it on.
    expect((await call<string[]>(live.server, "GET", "/auth/enabled-features")).body).toEqual([]);
  });

  test("create, list, enable, and the enabled-features call follows", async () => {
    const created = await call<Flag>(live.server, "POST", "/admin/feature-flags", {
      token: admin.token,
      body: { name: "  DARK_MODE  ", description: "Dims the lights" },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "DARK_MODE", description: "Dims the lights", isEnabled: false });
    const noDescription = await call<Flag>(live.server, "POST", "/admin/feature-flags", {
      token: admin.token,
      body: { name: "BARE" },
    });
    expect(noDescription.body.description).toBe("");

    const list = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    expect(list.body.map((flag) => flag.name)).toContain("DARK_MODE");
    expect((await call<string[]>(live.server, "GET", "/auth/enabled-features")).body).not.toContain("DARK_MODE");

    const enabled = await call<Flag>(live.server, "PATCH", `/admin/feature-flags/${created.body.id}`, {
      token: admin.token,
      body: { isEnabled: true },
    });
    expect(enabled.body.isEnabled).toBe(true);
    expect((await call<string[]>(live.server, "GET", "/auth/enabled-features")).body).toContain("DARK_MODE");
  });

  test.each([
    [{}, 400],
    [{ name: "" }, 400],
    [{ name: "   " }, 400],
    [{ name: 42 }, 400],
  ])("create with %p is a %d with 'Flag name is required'", async (body, status) => {
    const res = await call<{ message: string }>(live.server, "POST", "/admin/feature-flags", { token: admin.token, body });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe("Flag name is required");
  });

  test("a duplicate name is a 409; an unknown id is a 404; a non-boolean isEnabled is a 400", async () => {
    await call(live.server, "POST", "/admin/feature-flags", { token: admin.token, body: { name: "ONCE" } });
    const again = await call<{ message: string }>(live.server, "POST", "/admin/feature-flags", {
      token: admin.token,
      body: { name: "ONCE" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A feature flag named ONCE already exists");
    const missing = await call(live.server, "PATCH", "/admin/feature-flags/nope", {
      token: admin.token,
      body: { isEnabled: true },
    });
    expect(missing.status).toBe(404);
    const flags = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    const once = flags.body.find((flag) => flag.name === "ONCE") as Flag;
    const bad = await call(live.server, "PATCH", `/admin/feature-flags/${once.id}`, {
      token: admin.token,
      body: { isEnabled: "yes" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("invite codes", () => {
  test("defaults: one use, never expires, empty reference stored as null", async () => {
    const res = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: { reference: "   " } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxUses: 1, usedCount: 0, expiresAt: null, reference: null, isActive: true });
    expect(res.body.code).toMatch(/^[A-Z2-9]{10}$/);
  });

  test("create with every field, list it under codes, deactivate and reactivate", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call<Code>(live.server, "POST", "/admin/invite-codes", {
      token: admin.token,
      body: { maxUses: 5, expiresAt, reference: "For the band" },
    });
    expect(created.body).toMatchObject({ maxUses: 5, reference: "For the band", expiresAt });
    const list = await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token });
    expect(list.body.codes.find((code) => code.id === created.body.id)?.code).toBe(created.body.code);

    const off = await call<Code>(live.server, "PATCH", `/admin/invite-codes/${created.body.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(off.body.isActive).toBe(false);
    const on = await call<Code>(live.server, "PATCH", `/admin/invite-codes/${created.body.id}`, {
      token: admin.token,
      body: { isActive: true },
    });
    expect(on.body.isActive).toBe(true);
  });

  const MAX_USES = "Max Uses must be a whole number from 1 to 1000000";
  test("Max Uses may be as high as 1000000", async () => {
    const res = await call<Code>(live.server, "POST", "/admin/invite-codes", {
      token: admin.token,
      body: { maxUses: 1_000_000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.maxUses).toBe(1_000_000);
  });

  test.each([
    [{ maxUses: 0 }, MAX_USES],
    [{ maxUses: -3 }, MAX_USES],
    [{ maxUses: 1.5 }, MAX_USES],
    [{ maxUses: "many" }, MAX_USES],
    [{ maxUses: 1_000_001 }, MAX_USES],
    [{ maxUses: 1e20 }, MAX_USES],
    [{ expiresAt: "next tuesday" }, "Expires At must be a date and time"],
    [{ expiresAt: 5 }, "Expires At must be a date and time"],
    [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, "Expires At must be in the future"],
  ])("create with %p is a 400: %s", async (body, message) => {
    const res = await call<{ message: string }>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test("an unknown id is a 404; a non-boolean isActive is a 400", async () => {
    expect(
      (await call(live.server, "PATCH", "/admin/invite-codes/nope", { token: admin.token, body: { isActive: true } })).status,
    ).toBe(404);
    const code = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: {} });
    const bad = await call(live.server, "PATCH", `/admin/invite-codes/${code.body.id}`, {
      token: admin.token,
      body: { isActive: 1 },
    });
    expect(bad.status).toBe(400);
  });

  test("status: ACTIVE until every use is taken (USED_UP) or it expires (EXPIRED); INACTIVE when switched off", async () => {
    const flags = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    const flag = flags.body.find((candidate) => candidate.name === "EARLY_ACCESS_REQUIRED") as Flag;
    await call(live.server, "PATCH", `/admin/feature-flags/${flag.id}`, { token: admin.token, body: { isEnabled: true } });
    const statusOf = async (id: string) =>
      (await call<{ codes: Code[] }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })).body.codes.find(
        (code) => code.id === id,
      )?.status;

    const once = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: {} });
    expect(once.body.status).toBe("ACTIVE");
    const joined = await call(live.server, "POST", "/auth/signup", {
      body: { email: "once@example.com", username: "once_only", password: "Secret123", inviteCode: once.body.code },
    });
    expect(joined.status).toBe(201);
    expect(await statusOf(once.body.id)).toBe("USED_UP");
    // Switched off as well, it still says why it admits no one: switching it on again would not help.
    const off = await call<Code>(live.server, "PATCH", `/admin/invite-codes/${once.body.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect([off.body.isActive, off.body.status]).toEqual([false, "USED_UP"]);

    const spare = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: { maxUses: 2 } });
    const paused = await call<Code>(live.server, "PATCH", `/admin/invite-codes/${spare.body.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(paused.body.status).toBe("INACTIVE");

    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const brief = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: { expiresAt } });
    expect(brief.body.status).toBe("ACTIVE");
    await Bun.sleep(Date.parse(expiresAt) - Date.now() + 100);
    expect(await statusOf(brief.body.id)).toBe("EXPIRED");
    const late = await call(live.server, "POST", "/auth/signup", {
      body: { email: "late2@example.com", username: "too_late", password: "Secret123", inviteCode: brief.body.code },
    });
    expect(late.status).toBe(400);
    await call(live.server, "PATCH", `/admin/feature-flags/${flag.id}`, { token: admin.token, body: { isEnabled: false } });
  });

  test("a deactivated code no longer admits a signup while early access is required", async () => {
    const flags = await call<Flag[]>(live.server, "GET", "/admin/feature-flags", { token: admin.token });
    const flag = { body: flags.body.find((candidate) => candidate.name === "EARLY_ACCESS_REQUIRED") as Flag };
    await call(live.server, "PATCH", `/admin/feature-flags/${flag.body.id}`, { token: admin.token, body: { isEnabled: true } });
    const code = await call<Code>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: { maxUses: 3 } });
    await call(live.server, "PATCH", `/admin/invite-codes/${code.body.id}`, { token: admin.token, body: { isActive: false } });
    const refused = await call(live.server, "POST", "/auth/signup", {
      body: { email: "late@example.com", username: "late_one", password: "Secret123", inviteCode: code.body.code },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await call(live.server, "PATCH", `/admin/invite-codes/${code.body.id}`, { token: admin.token, body: { isActive: true } });
    const admitted = await call(live.server, "POST", "/auth/signup", {
      body: { email: "late@example.com", username: "late_one", password: "Secret123", inviteCode: code.body.code },
    });
    expect(admitted.status).toBe(201);
    await call(live.server, "PATCH", `/admin/feature-flags/${flag.body.id}`, { token: admin.token, body: { isEnabled: false } });
  });
});
