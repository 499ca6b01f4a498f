/**
 * Likes (GET/PUT/DELETE /api/track/{id}/like) on a real server: who may like what, idempotence, `likeCount` and
 * `likedByMe` in the Track JSON and on lists, the owner's "ana liked Undertow" notice (one per track per hour), the
 * rate limit, and an account's deletion taking its likes along.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows, runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { NotificationPage } from "../notifications/model";
import type { TrackDetails } from "../tracks/model";
import { LIKES_PER_WINDOW, type LikedTracks, type LikeSettings, type LikeState, MAX_ASKED_TRACKS } from "./model";

const live = setUpServer();
let owner: Session;
let fan: Session;
let stranger: Session;
let publicId: string;
let privateId: string;

const like = (method: "GET" | "PUT" | "DELETE", token: string | undefined, trackId: string) =>
  call<LikeState & { message?: string }>(live.server, method, `/track/${trackId}/like`, { token });
const trackAs = (token: string | undefined, trackId: string) =>
  call<TrackDetails>(live.server, "GET", `/track/${trackId}`, { token });
const likeNoticesOf = (userId: string) => countRows(live.server, "notifications", "type = 'like' and user_id = ?", userId);

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  [owner, fan, stranger] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
  [publicId, privateId] = await Promise.all([
    uploadTiny(live.server, owner, { title: "Undertow", isPublic: true }),
    uploadTiny(live.server, owner, { title: "Sketch", isPublic: false }),
  ]);
  await Promise.all([
    waitForProcessing(live.server, owner.token, publicId),
    waitForProcessing(live.server, owner.token, privateId),
  ]);
}, 60_000);

describe("liking a track", () => {
  test("like, like again harmlessly, unlike, unlike again: the count and likedByMe follow", async () => {
    expect((await like("GET", fan.token, publicId)).body).toEqual({ likedByMe: false, likeCount: 0 });
    expect((await like("PUT", fan.token, publicId)).body).toEqual({ likedByMe: true, likeCount: 1 });
    expect((await like("PUT", fan.token, publicId)).body).toEqual({ likedByMe: true, likeCount: 1 });
    expect((await like("PUT", stranger.token, publicId)).body).toEqual({ likedByMe: true, likeCount: 2 });
    expect((await like("GET", fan.token, publicId)).body).toEqual({ likedByMe: true, likeCount: 2 });

    // The Track JSON says it to each caller: likedByMe is theirs, the count everyone's.
    expect((await trackAs(fan.token, publicId)).body).toMatchObject({ likeCount: 2, likedByMe: true });
    expect((await trackAs(owner.token, publicId)).body).toMatchObject({ likeCount: 2, likedByMe: false });
    expect((await trackAs(undefined, publicId)).body).toMatchObject({ likeCount: 2, likedByMe: false });

    expect((await like("DELETE", stranger.token, publicId)).body).toEqual({ likedByMe: false, likeCount: 1 });
    expect((await like("DELETE", stranger.token, publicId)).body).toEqual({ likedByMe: false, likeCount: 1 });
    expect((await trackAs(undefined, publicId)).body.likeCount).toBe(1);
  });

  test("likes change no page version (a counter, as plays): a repeated one writes nothing at all", async () => {
    const version = async () =>
      (await runSql<{ v: number }>(live.server, "select page_version as v from tracks where id = ?", publicId))[0]?.v;
    const before = await version();
    await like("PUT", stranger.token, publicId);
    await like("PUT", stranger.token, publicId);
    await like("DELETE", stranger.token, publicId);
    await like("DELETE", stranger.token, publicId);
    expect(await version()).toBe(before);
  });

  test("a visitor is asked to sign in; a track one may not see, or none, is not found", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      expect(await like(method, undefined, publicId)).toMatchObject({
        status: 401,
        body: { message: "Authentication required" },
      });
      expect(await like(method, fan.token, privateId)).toMatchObject({ status: 404, body: { message: "Track not found" } });
      expect(await like(method, fan.token, "no-such-track")).toMatchObject({ status: 404, body: { message: "Track not found" } });
    }
    // The owner likes their own private track (and nobody is told).
    const before = await likeNoticesOf(owner.user.id);
    expect((await like("PUT", owner.token, privateId)).body).toEqual({ likedByMe: true, likeCount: 1 });
    expect(await likeNoticesOf(owner.user.id)).toBe(before);
  });

  test("lists carry the like count (counts may lag as plays do)", async () => {
    const wanted = (await trackAs(undefined, publicId)).body.likeCount;
    let shown: number | undefined;
    for (let attempt = 0; attempt < 100 && shown !== wanted; attempt++) {
      const page = await call<TrackPage>(live.server, "GET", "/tracks/public?limit=50");
      shown = page.body.items.find((item) => item.id === publicId)?.likeCount;
      if (shown !== wanted) await Bun.sleep(100);
    }
    expect(shown).toBe(wanted);
  });

  test("'Most liked' (sortField=likeCount) puts the most liked first, without being told a direction", async () => {
    const other = await uploadTiny(live.server, stranger, { title: "Unloved", isPublic: true });
    await waitForProcessing(live.server, stranger.token, other);
    let order: string[] = [];
    for (let attempt = 0; attempt < 100 && order[0] !== publicId; attempt++) {
      const page = await call<TrackPage>(live.server, "GET", "/tracks/public?sortField=likeCount&limit=50");
      order = page.body.items.map((item) => item.id);
      if (order[0] !== publicId) await Bun.sleep(100);
    }
    expect(order.indexOf(publicId)).toBe(0);
    expect(order).toContain(other);
    const rising = await call<TrackPage>(live.server, "GET", "/tracks/public?sortField=likeCount&sortDirection=asc&limit=50");
    expect(rising.body.items.at(-1)?.id).toBe(publicId);
  });

  test("a handmade 'Most liked' cursor holding no count is 'Invalid cursor', in the lists and in search", async () => {
    const cursorOf = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString("base64url");
    for (const value of [1.5, 3e9, -1, null, "many"]) {
      const listed = await call<{ message: string }>(
        live.server,
        "GET",
        `/tracks/public?sortField=likeCount&cursor=${cursorOf(["likeCount", "desc", "", value, publicId])}`,
      );
      expect(listed).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
      const found = await call<{ metadata: { nextCursor: string | null } }>(
        live.server,
        "GET",
        "/search?q=Tester&sortField=likeCount&limit=1",
      );
      const real = JSON.parse(Buffer.from(found.body.metadata.nextCursor ?? "", "base64url").toString()) as unknown[];
      const searched = await call<{ message: string }>(
        live.server,
        "GET",
        `/search?q=Tester&sortField=likeCount&limit=1&cursor=${cursorOf([real[0], real[1], value, ...real.slice(3)])}`,
      );
      expect(searched).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });
});

describe("which tracks one likes", () => {
  test("GET /api/likes names the asked tracks the caller likes, and refuses bad or too many ids", async () => {
    const asked = (token: string | undefined, ids: string) =>
      call<LikedTracks & { message?: string }>(live.server, "GET", `/likes?trackIds=${ids}`, { token });
    expect((await asked(fan.token, `${publicId},${privateId},no-such-track`)).body).toEqual({ trackIds: [publicId] });
    expect((await asked(stranger.token, publicId)).body).toEqual({ trackIds: [] });
    expect((await asked(undefined, publicId)).status).toBe(401);
    expect(await asked(fan.token, "a,,b")).toMatchObject({
      status: 400,
      body: { message: "trackIds must be comma-separated track ids" },
    });
    // A track the caller liked, then lost sight of, is not named.
    const fading = await uploadTiny(live.server, stranger, { title: "Fading", isPublic: true });
    await waitForProcessing(live.server, stranger.token, fading);
    await like("PUT", fan.token, fading);
    expect((await asked(fan.token, fading)).body).toEqual({ trackIds: [fading] });
    const hidden = await call(live.server, "PATCH", `/track/${fading}/visibility`, {
      token: stranger.token,
      body: { isPublic: false },
    });
    expect(hidden.status).toBe(200);
    expect((await asked(fan.token, fading)).body).toEqual({ trackIds: [] });
    const many = Array.from({ length: MAX_ASKED_TRACKS + 1 }, (_, index) => `t${index}`).join(",");
    expect(await asked(fan.token, many)).toMatchObject({
      status: 400,
      body: { message: `trackIds may name at most ${MAX_ASKED_TRACKS} tracks` },
    });
  });

  test("a user's likes page lists the public tracks they like, unless they keep it to themselves", async () => {
    const page = (token: string | undefined, username: string) =>
      call<TrackPage & { message?: string }>(live.server, "GET", `/users/${username}/likes`, { token });
    const settings = (token: string | undefined, body?: LikeSettings) =>
      call<LikeSettings & { message?: string }>(live.server, body ? "PUT" : "GET", "/likes/settings", { token, body });
    // The owner likes their private track too: it is on nobody's view of the page, theirs included.
    expect((await page(undefined, owner.user.username)).body.items).toEqual([]);
    expect((await page(undefined, fan.user.username)).body.items.map((item) => item.id)).toEqual([publicId]);

    expect((await settings(fan.token)).body).toEqual({ public: true });
    expect((await settings(fan.token, { public: false })).body).toEqual({ public: false });
    for (const token of [undefined, stranger.token])
      expect(await page(token, fan.user.username)).toMatchObject({
        status: 403,
        body: { message: `${fan.user.username} keeps their likes private` },
      });
    expect((await page(fan.token, fan.user.username)).body.items.map((item) => item.id)).toEqual([publicId]);
    expect((await settings(fan.token, { public: true })).body).toEqual({ public: true });
    expect((await page(undefined, fan.user.username)).status).toBe(200);

    expect((await page(undefined, "nobody-by-this-name")).status).toBe(404);
    expect((await settings(undefined)).status).toBe(401);
    expect((await settings(fan.token, { public: "yes" } as unknown as LikeSettings)).status).toBe(400);
  });
});

describe("what the owner is told", () => {
  test("the first like tells the owner 'ana liked Undertow'; more likes within the hour tell nothing more", async () => {
    const notices = await call<NotificationPage>(live.server, "GET", "/notifications?limit=20", { token: owner.token });
    const liked = notices.body.items.filter((item) => item.type === "like");
    // The fan's like in the first test told the owner; the stranger's, in the same hour, did not.
    expect(liked).toHaveLength(1);
    expect(liked[0]).toMatchObject({
      title: "New like",
      message: `${fan.user.username} liked Undertow`,
      link: `/track/${publicId}`,
    });

    // An hour later, the next like tells again.
    await runSql(live.server, "update like_notices set sent_at = sent_at - 3600001 where track_id = ?", publicId);
    await like("DELETE", stranger.token, publicId);
    await like("PUT", stranger.token, publicId);
    expect(await likeNoticesOf(owner.user.id)).toBe(2);
  });
});

describe("limits and leaving", () => {
  test("likes are rate-limited per user with a message", async () => {
    const busy = await signUp(live.server);
    let last = await like("PUT", busy.token, publicId);
    for (let change = 1; change < LIKES_PER_WINDOW; change++)
      last = await like(change % 2 ? "DELETE" : "PUT", busy.token, publicId);
    expect(last.status).toBe(200);
    expect(await like("PUT", busy.token, publicId)).toMatchObject({
      status: 429,
      body: { message: "Too many likes in a short time. Please wait a few minutes and try again." },
    });
    // Another user is not held back.
    expect((await like("GET", fan.token, publicId)).status).toBe(200);
  });

  test("deleting an account removes its likes and counts the tracks it liked again", async () => {
    const leaving = await signUp(live.server);
    const before = (await like("PUT", leaving.token, publicId)).body.likeCount;
    const deleted = await call(live.server, "DELETE", "/auth/me", { token: leaving.token, body: { password: leaving.password } });
    expect(deleted.status).toBe(200);
    expect(await countRows(live.server, "likes", "user_id = ?", leaving.user.id)).toBe(0);
    expect((await like("GET", fan.token, publicId)).body.likeCount).toBe(before - 1);
  });
});
