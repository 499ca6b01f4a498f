/**
 * A new username through PATCH /api/auth/me (Settings › Profile): SPEC §5's rules and messages, unique in any letter
 * case (409, as at signup) and refused before anything else in the request is written; the old one names nobody
 * and is free for anyone; the user's public track page, Track JSON and list cards show the new one at the next
 * request, kept pages included.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitProcessed } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { TrackDetails } from "../tracks/model";
import type { Profile } from "./model";

const live = setUpServer();
let other: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  other = await signUp(live.server);
});

const me = async (token: string) => (await call<Profile>(live.server, "GET", "/auth/me", { token })).body;
const change = (token: string, body: unknown) =>
  call<Profile & { message?: string }>(live.server, "PATCH", "/auth/me", { token, body });
/** The usernames the share picker offers `token`'s user. */
const picker = async (token: string) =>
  (await call<Array<{ username: string }>>(live.server, "GET", "/auth/users", { token })).body.map((user) => user.username);
const page = async (path: string) => (await fetch(`${live.server.url}${path}`, { headers: { "accept-encoding": "br" } })).text();

describe("changing the username", () => {
  test("the new one (trimmed) is the account's, the share picker offers it, and the old one names nobody", async () => {
    const user = await signUp(live.server);
    const renamed = await change(user.token, { username: "  Ada_Lovelace-2  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: user.user.id, username: "Ada_Lovelace-2", email: user.user.email });
    expect((await me(user.token)).username).toBe("Ada_Lovelace-2");
    const offered = await picker(other.token);
    expect(offered).toContain("Ada_Lovelace-2");
    expect(offered).not.toContain(user.user.username);
    // The same session goes on; only the name changed.
    expect((await call(live.server, "GET", "/tracks", { token: user.token })).status).toBe(200);
  });

  test("the old one is free for someone else at once; a new letter case of one's own is no conflict", async () => {
    const user = await signUp(live.server);
    const next = await signUp(live.server);
    const old = user.user.username;
    expect((await change(user.token, { username: `${old}-new` })).status).toBe(200);
    expect((await change(next.token, { username: old })).body.username).toBe(old);
    expect((await change(next.token, { username: old.toUpperCase() })).body.username).toBe(old.toUpperCase());
  });

  test("SPEC §5's rules, with their messages; nothing changes", async () => {
    const user = await signUp(live.server);
    for (const [username, message] of [
      ["ab", "Username must be at least 3 characters long"],
      ["   ", "Username must be at least 3 characters long"],
      ["has space", "Username can only contain letters, numbers, underscores, and hyphens"],
      ["ünïcode", "Username can only contain letters, numbers, underscores, and hyphens"],
      ["a/../b", "Username can only contain letters, numbers, underscores, and hyphens"],
    ]) {
      const refused = await change(user.token, { username, bio: "not saved" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message as string);
    }
    expect((await change(user.token, { username: 42 })).status).toBe(400);
    expect(await me(user.token)).toMatchObject({ username: user.user.username, bio: "" });
  });

  test("one another account has, in any letter case, is a 409, and the e-mail change sent with it is not made", async () => {
    const user = await signUp(live.server);
    const taken = await change(user.token, {
      username: other.user.username.toUpperCase(),
      email: `moved-${user.user.email}`,
      currentPassword: user.password,
      bio: "not saved",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("This username is already taken");
    expect(await me(user.token)).toMatchObject({ username: user.user.username, email: user.user.email, bio: "" });
  });

  test("the user's public track page, its JSON and the public list show the new name at the next request", async () => {
    const user = await signUp(live.server);
    const id = await uploadTiny(live.server, user, { title: "Renamed Artist Track" });
    await waitProcessed(live.server, user, id);
    // Asked for twice each: kept, known and held in memory before the change.
    for (let n = 0; n < 2; n++) {
      expect(await page(`/track/${id}`)).toContain(user.user.username);
      expect(JSON.parse(await page(`/api/track/${id}`)).user.username).toBe(user.user.username);
      await page("/api/tracks/public?limit=50");
    }
    const renamed = `${user.user.username}-x`;
    expect((await change(user.token, { username: renamed })).status).toBe(200);
    expect(await page(`/track/${id}`)).toContain(renamed);
    expect(JSON.parse(await page(`/api/track/${id}`)).user.username).toBe(renamed);
    const listed = JSON.parse(await page("/api/tracks/public?limit=50")) as TrackPage;
    expect(listed.items.find((track) => track.id === id)?.user.username).toBe(renamed);
    expect((await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: user.token })).body.user.username).toBe(
      renamed,
    );
  });
});
