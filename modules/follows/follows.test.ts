/**
 * Following (POST/DELETE/GET /api/users/{username}/follow), the counts on an artist's profile, the Following list
 * (GET /api/tracks/following) and the `new-track` notice one queued job sends every follower of a new public track.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows } from "../../tests/support/database-rows";
import { insertFollowers } from "../../tests/support/followers";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, TINY_WAV, upload, waitForProcessing } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { NotificationPage } from "../notifications/model";
import type { ArtistProfile } from "../profiles/model";
import type { FollowState } from "./model";

const live = setUpServer();
let artist: Session;
let other: Session;
let fan: Session;

const follow = (method: "GET" | "POST" | "DELETE", token: string | undefined, username: string) =>
  call<FollowState & { message?: string }>(live.server, method, `/users/${encodeURIComponent(username)}/follow`, { token });
const following = (token: string | undefined, query = "") =>
  call<TrackPage & { message: string }>(live.server, "GET", `/tracks/following${query}`, { token });
const newTrackNoticesOf = (userId: string) =>
  countRows(live.server, "notifications", "type = 'new-track' and user_id = ?", userId);

/** Waits for the queued job to have told `count` users of `trackId`. */
async function waitForNotices(trackId: string, count: number): Promise<number> {
  let told = 0;
  for (let attempt = 0; attempt < 300 && told < count; attempt++) {
    told = await countRows(live.server, "notifications", "type = 'new-track' and link = ?", `/track/${trackId}`);
    if (told < count) await Bun.sleep(100);
  }
  return told;
}

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  artist = await signUp(live.server);
  other = await signUp(live.server);
  fan = await signUp(live.server);
});

describe("follow and unfollow", () => {
  test("a signed-in user follows, follows again harmlessly, and unfollows; the profile counts both ways", async () => {
    expect((await follow("GET", fan.token, artist.user.username)).body).toEqual({ following: false, followers: 0 });
    expect((await follow("POST", fan.token, artist.user.username)).body).toEqual({ following: true, followers: 1 });
    expect((await follow("POST", fan.token, artist.user.username)).body).toEqual({ following: true, followers: 1 });
    // The username in any letter case names the same artist.
    expect((await follow("GET", fan.token, artist.user.username.toUpperCase())).body).toEqual({ following: true, followers: 1 });
    const profile = await call<ArtistProfile>(live.server, "GET", `/users/${artist.user.username}`);
    expect(profile.body.counts).toMatchObject({ followers: 1, following: 0 });
    const fanProfile = await call<ArtistProfile>(live.server, "GET", `/users/${fan.user.username}`);
    expect(fanProfile.body.counts).toMatchObject({ followers: 0, following: 1 });
    expect((await follow("DELETE", fan.token, artist.user.username)).body).toEqual({ following: false, followers: 0 });
    expect((await follow("DELETE", fan.token, artist.user.username)).body).toEqual({ following: false, followers: 0 });
  });

  test("the artist's page, kept between requests, shows a follow at once", async () => {
    const page = async () => (await fetch(`${live.server.url}/u/${other.user.username}`)).text();
    expect(await page()).toContain("0 followers");
    expect(await page()).toContain("0 followers");
    await follow("POST", fan.token, other.user.username);
    expect(await page()).toContain("1 follower<");
    await follow("DELETE", fan.token, other.user.username);
    expect(await page()).toContain("0 followers");
  });

  test("visitors get 401, an unknown artist 404, and nobody follows themselves", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await follow(method, undefined, artist.user.username);
      expect([res.status, res.body.message]).toEqual([401, "Authentication required"]);
      const unknown = await follow(method, fan.token, "nobody-by-this-name");
      expect([unknown.status, unknown.body.message]).toEqual([404, "User not found"]);
    }
    const self = await follow("POST", artist.token, artist.user.username);
    expect([self.status, self.body.message]).toEqual([400, "You cannot follow yourself"]);
  });
});

describe("the Following list and new-track notices", () => {
  test("public tracks and forks of followed artists, newest first; nothing private, nobody unfollowed", async () => {
    const reader = await signUp(live.server);
    const maker = await signUp(live.server);
    await follow("POST", reader.token, maker.user.username);
    const older = await createTrack(live.server, maker.token, { original: TINY_WAV, data: { title: "Older", isPublic: true } });
    await createTrack(live.server, maker.token, { original: TINY_WAV, data: { title: "Hidden", isPublic: false } });
    await createTrack(live.server, other.token, { original: TINY_WAV, data: { title: "Unfollowed", isPublic: true } });
    const newer = await createTrack(live.server, maker.token, { original: TINY_WAV, data: { title: "Newer", isPublic: true } });
    // A fork the followed artist makes of someone else's track is in the list too.
    const source = await createTrack(live.server, other.token, { original: TINY_WAV, data: { title: "Source", isPublic: true } });
    await waitForProcessing(live.server, other.token, source);
    const fork = await call<{ id: string }>(live.server, "POST", `/track/${source}/fork`, {
      token: maker.token,
      body: { title: "Their Fork", isPublic: true },
    });
    expect(fork.status).toBe(201);

    const page = await following(reader.token);
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.title)).toEqual(["Their Fork", "Newer", "Older"]);
    const first = await following(reader.token, "?limit=2");
    expect(first.body.items.map((item) => item.id)).toEqual([fork.body.id, newer]);
    const rest = await following(reader.token, `?limit=2&cursor=${encodeURIComponent(first.body.metadata.nextCursor ?? "")}`);
    expect(rest.body.items.map((item) => item.id)).toEqual([older]);
    expect(rest.body.metadata.nextCursor).toBeNull();

    // Told of each public track and fork by the job; of the private one, nothing.
    expect(await waitForNotices(fork.body.id, 1)).toBe(1);
    const notices = await call<NotificationPage>(live.server, "GET", "/notifications?limit=10", { token: reader.token });
    expect(notices.body.items.filter((item) => item.type === "new-track").map((item) => item.message)).toEqual([
      `${maker.user.username} posted "Their Fork".`,
      `${maker.user.username} posted "Newer".`,
      `${maker.user.username} posted "Older".`,
    ]);
    expect(notices.body.items.find((item) => item.message.includes("Their Fork"))).toMatchObject({
      title: "New fork",
      link: `/track/${fork.body.id}`,
    });

    await follow("DELETE", reader.token, maker.user.username);
    expect((await following(reader.token)).body.items).toEqual([]);
  }, 60_000);

  test("visitors get 401; a bad cursor or limit is a 400", async () => {
    expect((await following(undefined)).status).toBe(401);
    expect((await following(fan.token, "?limit=0")).status).toBe(400);
    const bad = await following(fan.token, "?cursor=nonsense");
    expect([bad.status, bad.body.message]).toEqual([400, "Invalid cursor"]);
  });

  test("an upload by an artist with 10,000 followers answers with one queued job, which tells every follower once", async () => {
    const star = await signUp(live.server);
    await insertFollowers(live.server, star.user.id, 10_000, "star");
    expect(await countRows(live.server, "follows", "followee_id = ?", star.user.id)).toBe(10_000);
    const res = await upload(live.server, star, { original: TINY_WAV, data: { title: "Hit", isPublic: true } });
    expect(res.status).toBe(201);
    expect(await waitForNotices(res.body.id, 10_000)).toBe(10_000);
    expect([await newTrackNoticesOf("follower-1-star"), await newTrackNoticesOf("follower-10000-star")]).toEqual([1, 1]);
  }, 120_000);
});

test("deleting an account ends its follows both ways", async () => {
  const leaving = await signUp(live.server);
  await follow("POST", leaving.token, artist.user.username);
  await follow("POST", fan.token, leaving.user.username);
  const deleted = await call(live.server, "DELETE", "/auth/me", { token: leaving.token, body: { password: leaving.password } });
  expect(deleted.status).toBe(200);
  expect(await countRows(live.server, "follows", "follower_id = ?", leaving.user.id)).toBe(0);
  expect(await countRows(live.server, "follows", "followee_id = ?", leaving.user.id)).toBe(0);
});
