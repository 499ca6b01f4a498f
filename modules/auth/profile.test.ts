/**
 * Settings › Profile through PATCH /api/auth/me: a display name and a bio, each left as it is when not sent, checked
 * before anything changes; GET /api/auth/me answers them. Only the signed-in user's own profile changes.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import type { Profile } from "./model";

const live = setUpApp();
let user: Session & { password: string };
let other: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  user = await signUp(live.server);
  other = await signUp(live.server);
});

const me = async (token = user.token) => (await call<Profile>(live.server, "GET", "/auth/me", { token })).body;
const change = (body: unknown, token = user.token) =>
  call<Profile & { message?: string }>(live.server, "PATCH", "/auth/me", { token, body });

describe("profile", () => {
  test("a new account has no display name and an empty bio", async () => {
    expect(await me()).toEqual({ ...user.user, displayName: null, bio: "", avatarUrl: null });
  });

  test("display name (trimmed) and bio are saved as text; fields left out stay; an empty name removes it", async () => {
    const saved = await change({ displayName: "  Ada L.  ", bio: "Synths <b>and</b> field recordings.\nBerlin." });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: user.user.id,
      displayName: "Ada L.",
      bio: "Synths <b>and</b> field recordings.\nBerlin.",
    });
    expect(await me()).toMatchObject({ displayName: "Ada L.", bio: "Synths <b>and</b> field recordings.\nBerlin." });
    expect((await change({ bio: "Only the bio." })).body).toMatchObject({ displayName: "Ada L.", bio: "Only the bio." });
    expect((await change({})).body).toMatchObject({ displayName: "Ada L.", bio: "Only the bio." });
    expect((await change({ displayName: "" })).body.displayName).toBeNull();
    expect((await change({ displayName: null })).body.displayName).toBeNull();
    // Nobody else's profile moved.
    expect(await me(other.token)).toMatchObject({ displayName: null, bio: "" });
  });

  test.each([
    [{ displayName: "x".repeat(51) }, "Display name must be at most 50 characters"],
    [{ bio: "x".repeat(501) }, "Bio must be at most 500 characters"],
    [{ displayName: "Fine", bio: "x".repeat(501) }, "Bio must be at most 500 characters"],
  ])("%# a field over its length is a 400 and changes nothing", async (body, message) => {
    await change({ displayName: "Before", bio: "Before." });
    const refused = await change(body);
    expect([refused.status, refused.body.message]).toEqual([400, message]);
    expect(await me()).toMatchObject({ displayName: "Before", bio: "Before." });
  });

  test("50 and 500 characters are accepted", async () => {
    const saved = await change({ displayName: "n".repeat(50), bio: "b".repeat(500) });
    expect(saved.status).toBe(200);
  });

  test("a bio that is not text is a 400", async () => {
    expect((await change({ bio: 5 })).status).toBe(400);
  });

  test("with a new e-mail address and a wrong password, the profile does not change either", async () => {
    await change({ displayName: "Kept" });
    const refused = await change({ displayName: "Lost", email: "elsewhere@example.com", currentPassword: "WrongPass1" });
    expect([refused.status, refused.body.message]).toEqual([400, "Current password is incorrect"]);
    expect(await me()).toMatchObject({ displayName: "Kept", email: user.user.email });
  });

  test("without a session it is a 401", async () => {
    expect((await call(live.server, "PATCH", "/auth/me", { body: { bio: "x" } })).status).toBe(401);
    expect((await call(live.server, "GET", "/auth/me")).status).toBe(401);
  });
});
