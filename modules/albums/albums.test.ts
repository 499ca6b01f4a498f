/**
 * Albums (POST /api/albums, GET/PATCH/DELETE /api/albums/{id}) in this test process (app.handle, jobs running):
 * who may read and change an album, its tracks in order with what each reader may see, the refusals (another's
 * track, a track twice, a track on another album, bad fields), and what deleting an album or an account leaves.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows } from "../../tests/support/database-rows";
import { setUpApp } from "../../tests/support/in-process-app";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";
import { ALBUM_TITLE_REQUIRED, type Album, MAX_ALBUM_TRACKS, TRACK_IDS_INVALID } from "./model";

const live = setUpApp();
let admin: Session;
let owner: Session;
let stranger: Session;
/** The owner's tracks: three public ones by Nova Drift, one private. */
let first: string;
let second: string;
let third: string;
let secret: string;

type Reply = Album & { message?: string };
const albums = (method: string, path: string, token: string | undefined, body?: unknown) =>
  call<Reply>(live.server, method, `/albums${path}`, { token, body });
const create = (token: string | undefined, body: unknown) => albums("POST", "", token, body);
const idsOf = (album: Album) => album.tracks.map((track) => track.id);

beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  [owner, stranger] = await Promise.all([signUp(live.server), signUp(live.server)]);
  const upload = (title: string, isPublic = true) =>
    uploadTiny(live.server, owner, { title, primaryArtistName: "Nova Drift", isPublic });
  [first, second, third, secret] = await Promise.all([
    upload("Tidal One"),
    upload("Tidal Two"),
    upload("Tidal Three"),
    upload("Unreleased", false),
  ]);
  for (const id of [first, second, third, secret]) await waitForProcessing(live.server, owner.token, id);
}, 60_000);

describe("making an album", () => {
  test("the owner's tracks in the order given; the artist they share; durations added up", async () => {
    const made = await create(owner.token, { title: "Tidal Memory", trackIds: [third, first, second], isPublic: true });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: "Tidal Memory",
      artist: "Nova Drift",
      description: "",
      genreNames: [],
      releaseDate: null,
      releaseDatePrecision: "DAY",
      isPublic: true,
      user: { username: owner.user.username },
      trackCount: 3,
    });
    expect(idsOf(made.body)).toEqual([third, first, second]);
    const durations = made.body.tracks.map((track) => track.duration ?? 0);
    expect(made.body.duration).toBeCloseTo(
      durations.reduce((a, b) => a + b, 0),
      6,
    );
    expect(made.body.duration).toBeGreaterThan(0);
    // Anyone reads a public album, visitors too.
    const read = await albums("GET", `/${made.body.id}`, undefined);
    expect(read.status).toBe(200);
    expect(idsOf(read.body)).toEqual([third, first, second]);
    await albums("DELETE", `/${made.body.id}`, owner.token);
  });

  test("optional fields are cleaned and kept; an empty album is allowed", async () => {
    const made = await create(owner.token, {
      title: "  B-Sides \u202e ",
      artist: "Nova Drift & Friends",
      description: "Leftovers",
      genreNames: ["ambient", "ambient", " drift "],
      releaseDate: "2024-05",
      releaseDatePrecision: "MONTH",
      trackIds: [],
      isPublic: false,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: "B-Sides",
      artist: "Nova Drift & Friends",
      description: "Leftovers",
      genreNames: ["ambient", "drift"],
      releaseDate: "2024-05-01",
      releaseDatePrecision: "MONTH",
      trackCount: 0,
      duration: 0,
      tracks: [],
    });
    await albums("DELETE", `/${made.body.id}`, owner.token);
  });

  test("bad input is a 400 with a message, and nothing is made", async () => {
    const valid = { title: "Refused", trackIds: [first], isPublic: true };
    const cases: [unknown, string][] = [
      [{ ...valid, title: "   " }, ALBUM_TITLE_REQUIRED],
      [{ trackIds: [first], isPublic: true }, ALBUM_TITLE_REQUIRED],
      [{ ...valid, title: "x".repeat(201) }, "Album title must be at most 200 characters"],
      [{ ...valid, title: 7 }, "Album title must be text"],
      [{ ...valid, artist: "x".repeat(201) }, "Artist must be at most 200 characters"],
      [{ ...valid, isPublic: "yes" }, "The public setting must be true or false"],
      [{ ...valid, trackIds: "all" }, TRACK_IDS_INVALID],
      [{ ...valid, trackIds: Array.from({ length: MAX_ALBUM_TRACKS + 1 }, () => first) }, TRACK_IDS_INVALID],
      [{ ...valid, trackIds: [first, first] }, "A track can be on an album only once"],
      [{ ...valid, trackIds: [first, "no-such-track"] }, "Track no-such-track is not one of the album owner's tracks"],
      [{ ...valid, releaseDate: "2024-13-01" }, "Release date must be a valid date"],
      [{ ...valid, releaseDate: "2999-01-01" }, "Release date cannot be in the future"],
      [{ ...valid, releaseDatePrecision: "WEEK" }, "Release date precision must be YEAR, MONTH or DAY"],
      [{ ...valid, genreNames: Array.from({ length: 21 }, (_, n) => `genre ${n}`) }, "An album can have at most 20 genres"],
    ];
    for (const [body, message] of cases) {
      const refused = await create(owner.token, body);
      expect({ body, status: refused.status, message: refused.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await countRows(live.server, "albums", "user_id = ?", owner.user.id)).toBe(0);
  });

  test("another owner's track is refused with 400; visitors must sign in", async () => {
    const theirs = await create(stranger.token, { title: "Borrowed", trackIds: [first], isPublic: true });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(`Track ${first} is not one of the album owner's tracks`);
    expect(await countRows(live.server, "albums", "user_id = ?", stranger.user.id)).toBe(0);
    expect((await create(undefined, { title: "Nobody's", trackIds: [], isPublic: true })).status).toBe(401);
  });
});

test("the same track put on three new albums at once lands on one; the others are 409s and make nothing", async () => {
  const attempts = await Promise.all(
    ["One", "Two", "Three"].map((title) => create(owner.token, { title: `Race ${title}`, trackIds: [first], isPublic: true })),
  );
  expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 409, 409]);
  expect(await countRows(live.server, "album_tracks", "track_id = ?", first)).toBe(1);
  expect(await countRows(live.server, "albums", "title like 'Race %' and user_id = ?", owner.user.id)).toBe(1);
  const winner = attempts.find((attempt) => attempt.status === 201)?.body.id;
  await albums("DELETE", `/${winner}`, owner.token);
});

describe("who sees what", () => {
  test("a private album is the owner's (and admins'): 404 to everyone else, as an album that does not exist", async () => {
    const made = await create(owner.token, { title: "Demos", trackIds: [secret, first], isPublic: false });
    const path = `/${made.body.id}`;
    expect(idsOf((await albums("GET", path, owner.token)).body)).toEqual([secret, first]);
    expect((await albums("GET", path, admin.token)).status).toBe(200);
    for (const token of [stranger.token, undefined]) {
      const hidden = await albums("GET", path, token);
      expect([hidden.status, hidden.body.message]).toEqual([404, "Album not found"]);
      expect((await albums("PATCH", path, token, { title: "Mine now" })).status).toBe(token ? 404 : 401);
      expect((await albums("DELETE", path, token)).status).toBe(token ? 404 : 401);
    }
    expect((await albums("GET", "/no-such-album", owner.token)).body.message).toBe("Album not found");
    await albums("DELETE", path, owner.token);
  });

  test("a public album leaves out its private tracks for those who may not see them, never naming them", async () => {
    const made = await create(owner.token, { title: "Mixed", trackIds: [first, secret, second], isPublic: true });
    const path = `/${made.body.id}`;
    expect(idsOf((await albums("GET", path, owner.token)).body)).toEqual([first, secret, second]);
    for (const token of [stranger.token, undefined]) {
      const seen = await albums("GET", path, token);
      expect(idsOf(seen.body)).toEqual([first, second]);
      expect(seen.body.trackCount).toBe(2);
      expect(JSON.stringify(seen.body)).not.toContain("Unreleased");
    }
    await albums("DELETE", path, owner.token);
  });
});

test("a track's album, as its reader sees it: 'Track 2 of 3', counting only the tracks they may see", async () => {
  const album = (await create(owner.token, { title: "Places", trackIds: [secret, first, second], isPublic: true })).body;
  const albumOf = (token: string | undefined, trackId: string) =>
    call<{ album: { id: string; title: string; position: number; trackCount: number } | null; message?: string }>(
      live.server,
      "GET",
      `/track/${trackId}/album`,
      { token },
    );
  expect((await albumOf(owner.token, second)).body.album).toEqual({ id: album.id, title: "Places", position: 3, trackCount: 3 });
  expect((await albumOf(undefined, second)).body.album).toEqual({ id: album.id, title: "Places", position: 2, trackCount: 2 });
  expect((await albumOf(stranger.token, first)).body.album).toMatchObject({ position: 1, trackCount: 2 });
  // A track on no album, and a track the reader may not see (as the track itself: 404).
  expect((await albumOf(undefined, third)).body).toEqual({ album: null });
  const hidden = await albumOf(stranger.token, secret);
  expect([hidden.status, hidden.body.message]).toEqual([404, "Track not found"]);
  // A private album is nobody's business but its owner's: its tracks say they are on none.
  await albums("PATCH", `/${album.id}`, owner.token, { isPublic: false });
  expect((await albumOf(undefined, first)).body).toEqual({ album: null });
  expect((await albumOf(owner.token, first)).body.album).toMatchObject({ position: 2, trackCount: 3 });
  await albums("DELETE", `/${album.id}`, owner.token);
});

test("an artist's public albums, newest first, with what a visitor may see of each; 404 for no such artist", async () => {
  const older = (await create(owner.token, { title: "Older", trackIds: [secret, first], isPublic: true })).body;
  const hidden = (await create(owner.token, { title: "Hidden", trackIds: [second], isPublic: false })).body;
  const newer = (await create(owner.token, { title: "Newer", trackIds: [], isPublic: true, releaseDate: "2023" })).body;
  const listed = await call<{ id: string; title: string; trackCount: number; releaseDate: string | null }[]>(
    live.server,
    "GET",
    `/users/${owner.user.username}/albums`,
    { token: owner.token },
  );
  expect(listed.body.map((album) => [album.title, album.trackCount, album.releaseDate])).toEqual([
    ["Newer", 0, "2023-01-01"],
    ["Older", 1, null],
  ]);
  expect((await call(live.server, "GET", "/users/nobody_at_all/albums")).status).toBe(404);
  // The owner's own list has the private one too, and counts the tracks they see.
  const own = await call<{ title: string; trackCount: number; isPublic: boolean }[]>(live.server, "GET", "/albums/mine", {
    token: owner.token,
  });
  expect(own.body.map((album) => [album.title, album.trackCount, album.isPublic])).toEqual([
    ["Newer", 0, true],
    ["Hidden", 1, false],
    ["Older", 2, true],
  ]);
  expect((await call<unknown[]>(live.server, "GET", "/albums/mine", { token: stranger.token })).body).toEqual([]);
  expect((await call(live.server, "GET", "/albums/mine")).status).toBe(401);
  // An album id left empty is no album: 404, as the document says (not the own list's 401).
  expect((await call(live.server, "GET", "/albums/")).status).toBe(404);
  for (const album of [older, hidden, newer]) await albums("DELETE", `/${album.id}`, owner.token);
});

describe("changing an album", () => {
  test("the owner reorders, removes and renames; a track on another album is a 409 naming that album", async () => {
    const album = (await create(owner.token, { title: "Draft", trackIds: [first, second], isPublic: true })).body;
    const other = await create(owner.token, { title: "Other", trackIds: [third], isPublic: true });
    const path = `/${album.id}`;

    const changed = await albums("PATCH", path, owner.token, { title: "Final", trackIds: [second, first] });
    expect(changed.status).toBe(200);
    expect([changed.body.title, idsOf(changed.body)]).toEqual(["Final", [second, first]]);
    // What the body does not name stays.
    expect((await albums("PATCH", path, owner.token, { description: "Liner notes" })).body).toMatchObject({
      title: "Final",
      description: "Liner notes",
      trackCount: 2,
    });

    const taken = await albums("PATCH", path, owner.token, { trackIds: [second, third] });
    expect([taken.status, taken.body.message]).toEqual([409, '"Tidal Three" is already on the album "Other"']);
    expect(idsOf((await albums("GET", path, owner.token)).body)).toEqual([second, first]);
    const alsoTaken = await create(owner.token, { title: "Again", trackIds: [third], isPublic: true });
    expect(alsoTaken.status).toBe(409);

    expect(idsOf((await albums("PATCH", path, owner.token, { trackIds: [first] })).body)).toEqual([first]);
    // A track taken off an album is free for another.
    expect(idsOf((await albums("PATCH", `/${other.body.id}`, owner.token, { trackIds: [third, second] })).body)).toEqual([
      third,
      second,
    ]);
    expect((await albums("PATCH", path, owner.token, { title: "" })).body.message).toBe(ALBUM_TITLE_REQUIRED);
    await albums("DELETE", path, owner.token);
    await albums("DELETE", `/${other.body.id}`, owner.token);
  });

  test("others who read a public album may not change it (403); an admin may", async () => {
    const album = (await create(owner.token, { title: "Shared", trackIds: [first], isPublic: true })).body;
    const path = `/${album.id}`;
    const refused = await albums("PATCH", path, stranger.token, { title: "Hijacked" });
    expect([refused.status, refused.body.message]).toEqual([403, "Only the album's owner can change it"]);
    expect((await albums("DELETE", path, stranger.token)).status).toBe(403);
    expect((await albums("GET", path, undefined)).body.title).toBe("Shared");
    expect((await albums("PATCH", path, admin.token, { isPublic: false })).body.isPublic).toBe(false);
    expect((await albums("DELETE", path, admin.token)).body).toEqual({ deletedId: album.id } as unknown as Reply);
  });

  test("deleting an album keeps its tracks; deleting a track leaves it off; deleting the account takes its albums", async () => {
    const album = (await create(owner.token, { title: "Short-lived", trackIds: [first, second], isPublic: true })).body;
    expect((await albums("DELETE", `/${album.id}`, owner.token)).body).toEqual({ deletedId: album.id } as unknown as Reply);
    expect((await albums("GET", `/${album.id}`, owner.token)).status).toBe(404);
    expect((await call<TrackDetails>(live.server, "GET", `/track/${first}`)).status).toBe(200);
    expect(await countRows(live.server, "album_tracks", "album_id = ?", album.id)).toBe(0);

    const leaving = await signUp(live.server);
    const theirs = await uploadTiny(live.server, leaving, { title: "Goodbye" });
    const kept = (await create(leaving.token, { title: "Farewell", trackIds: [theirs], isPublic: true })).body;
    const deleted = await call(live.server, "DELETE", "/tracks", { token: leaving.token, body: { trackIds: [theirs] } });
    expect(deleted.status).toBe(200);
    expect((await albums("GET", `/${kept.id}`, undefined)).body.trackCount).toBe(0);
    const gone = await call(live.server, "DELETE", "/auth/me", { token: leaving.token, body: { password: leaving.password } });
    expect(gone.status).toBe(200);
    expect(await countRows(live.server, "albums", "user_id = ?", leaving.user.id)).toBe(0);
    expect((await albums("GET", `/${kept.id}`, undefined)).status).toBe(404);
  });
});
