/**
 * GET /api/users/{username} and the artist lists /users/{username}/tracks, /forks and /forked: anyone sees an
 * artist's profile and public tracks (any letter case in the address), never a private or deleted track, never an
 * e-mail address; an unknown or deleted account is a 404.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { ArtistProfile } from "./model";

const live = setUpServer();
let artist: Session;
let fan: Session;
let original: string;
let privateTrack: string;
let fanFork: string;
let artistFork: string;

const STEMS = "stems/Nova Drift - Undertow";
const withStems = (title: string) => ({
  original: `${STEMS} (full mix).wav`,
  stems: [{ path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" }],
  data: { title, primaryArtistName: "Nova Drift", isPublic: true },
});
const fork = async (id: string, session: Session, title: string) => {
  const forked = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, { token: session.token, body: { title } });
  expect(forked.status).toBe(201);
  await call(live.server, "PATCH", `/track/${forked.body.id}/visibility`, { token: session.token, body: { isPublic: true } });
  return forked.body.id;
};
const ids = async (path: string) => (await call<TrackPage>(live.server, "GET", path)).body.items.map((item) => item.id).sort();

beforeAll(async () => {
  await signUp(live.server); // the admin
  artist = await signUp(live.server);
  fan = await signUp(live.server);
  original = await createTrack(live.server, artist.token, withStems("Undertow"));
  await waitForProcessing(live.server, artist.token, original);
  privateTrack = await uploadTiny(live.server, artist, { title: "Secret demo", isPublic: false });
  const fanOriginal = await createTrack(live.server, fan.token, withStems("Fan song"));
  await waitForProcessing(live.server, fan.token, fanOriginal);
  fanFork = await fork(original, fan, "Undertow (fan remix)");
  artistFork = await fork(fanOriginal, artist, "Fan song (artist remix)");
  await call(live.server, "PATCH", "/auth/me", { token: artist.token, body: { displayName: "Nova", bio: "Drifting." } });
}, 120_000);

describe("an artist's profile", () => {
  test("anyone sees what the artist says of themselves and what their public tracks add up to; never an address", async () => {
    const answer = await call<ArtistProfile>(live.server, "GET", `/users/${artist.user.username.toUpperCase()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: artist.user.id,
      username: artist.user.username,
      displayName: "Nova",
      bio: "Drifting.",
      avatarUrl: null,
      counts: { tracks: 2, forks: 1, plays: 0 },
    });
    expect(JSON.stringify(answer.body)).not.toContain("@");
    expect(JSON.stringify(answer.body)).not.toContain("role");
  });

  test("an unknown name is a 404 with a message", async () => {
    expect(await call(live.server, "GET", "/users/nobody-here")).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
  });
});

describe("an artist's lists", () => {
  test("tracks: their public tracks, forks included, never a private one", async () => {
    expect(await ids(`/users/${artist.user.username}/tracks`)).toEqual([original, artistFork].sort());
    expect(await ids(`/users/${artist.user.username}/tracks`)).not.toContain(privateTrack);
  });

  test("forks: their public forks; forked: the forks others made of their tracks", async () => {
    expect(await ids(`/users/${artist.user.username}/forks`)).toEqual([artistFork]);
    expect(await ids(`/users/${artist.user.username}/forked`)).toEqual([fanFork]);
    expect(await ids(`/users/${fan.user.username}/forked`)).toEqual([artistFork]);
  });

  test("pages with the list sorts and cursors; bad input is a 400", async () => {
    const first = await call<TrackPage>(
      live.server,
      "GET",
      `/users/${artist.user.username}/tracks?limit=1&sortField=title&sortDirection=asc`,
    );
    expect(first.body.items.map((item) => item.title)).toEqual(["Fan song (artist remix)"]);
    const next = await call<TrackPage>(
      live.server,
      "GET",
      `/users/${artist.user.username}/tracks?limit=1&sortField=title&sortDirection=asc&cursor=${first.body.metadata.nextCursor}`,
    );
    expect(next.body.items.map((item) => item.title)).toEqual(["Undertow"]);
    expect(next.body.metadata.nextCursor).toBeNull();
    expect((await call(live.server, "GET", `/users/${artist.user.username}/tracks?limit=0`)).status).toBe(400);
    expect((await call(live.server, "GET", `/users/${artist.user.username}/tracks?cursor=garbage`)).status).toBe(400);
    expect((await call(live.server, "GET", "/users/nobody-here/tracks")).status).toBe(404);
  });

  test("a track made private leaves the lists and the counts at once", async () => {
    await call(live.server, "PATCH", `/track/${artistFork}/visibility`, { token: artist.token, body: { isPublic: false } });
    expect(await ids(`/users/${artist.user.username}/forks`)).toEqual([]);
    expect((await call<ArtistProfile>(live.server, "GET", `/users/${artist.user.username}`)).body.counts).toMatchObject({
      tracks: 1,
      forks: 0,
    });
    await call(live.server, "PATCH", `/track/${artistFork}/visibility`, { token: artist.token, body: { isPublic: true } });
  });

  test("a deleted account has no profile and no lists", async () => {
    const leaving = await signUp(live.server);
    await uploadTiny(live.server, leaving, { isPublic: true });
    expect(
      (await call(live.server, "DELETE", "/auth/me", { token: leaving.token, body: { password: "Secret123" } })).status,
    ).toBe(200);
    expect((await call(live.server, "GET", `/users/${leaving.user.username}`)).status).toBe(404);
    expect((await call(live.server, "GET", `/users/${leaving.user.username}/tracks`)).status).toBe(404);
  });
});
