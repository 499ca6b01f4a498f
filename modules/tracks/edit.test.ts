import { beforeAll, describe, expect, test } from "bun:test";
import { latestDateOnEarth } from "../../src/shared/upload-rules";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { upload } from "../../tests/support/uploads";
import type { TrackDetails } from "./model";

const live = setUpServer();
let admin: Session;
let owner: Session;
let friend: Session;
let stranger: Session;
let licenseIds: string[];
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  [owner, friend, stranger] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
  licenseIds = (await call<Array<{ id: string }>>(live.server, "GET", "/licenses")).body.map((license) => license.id);
}, 30_000);

type Reply = TrackDetails & { message?: string };

async function newTrack(data: Record<string, unknown> = {}): Promise<string> {
  const res = await upload(live.server, owner, { original: "real-audio/hydrogen-808_Cymbal.flac", data });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A complete, valid Track Info form as the edit screen sends it. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Edited Title",
    primaryArtistName: "Edited Artist",
    bpm: 128,
    key: "F# minor",
    genreNames: ["ambient", "dub"],
    description: "Now with a description",
    isExplicit: true,
    isPublic: true,
    licenseId: licenseIds[1],
    ...overrides,
  };
}

const edit = (id: string, body: unknown, session: Session | null = owner) =>
  call<Reply>(live.server, "PATCH", `/track/${id}`, { token: session?.token, body });
const read = (id: string, session: Session | null = owner) =>
  call<Reply>(live.server, "GET", `/track/${id}`, { token: session?.token });

describe("PATCH /api/track/{id} by the owner", () => {
  test("changes every field and answers the updated Track, which GET then shows", async () => {
    const id = await newTrack({ title: "Before", genreNames: ["house"], bpm: 90, isExplicit: false });
    const sent = form({ releaseDate: "2021-06-15", releaseDatePrecision: "DAY" });
    const res = await edit(id, sent);
    expect(res.status).toBe(200);
    // The reply and GET show the form as sent (a DAY date is kept as it is).
    const expected = { id, ...sent };
    expect(res.body).toMatchObject(expected);
    // The full Track view, as GET answers it (owner's lists included).
    expect(res.body.stems).toEqual([]);
    expect(res.body.sharedWith).toEqual([]);
    expect(res.body.user).toEqual({ username: owner.user.username });
    expect((await read(id)).body).toMatchObject(expected);
  });

  test.each([
    ["2019", "YEAR", "2019-01-01"],
    ["2020-02", "MONTH", "2020-02-01"],
    ["2020-02-29", "DAY", "2020-02-29"],
    ["2018-03-04T00:00:00.000Z", "DAY", "2018-03-04"],
  ])("release date %s with precision %s is kept as %s", async (releaseDate, releaseDatePrecision, stored) => {
    const id = await newTrack();
    const res = await edit(id, form({ releaseDate, releaseDatePrecision }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ releaseDate: stored, releaseDatePrecision });
  });

  test("optional fields left out are cleared; flags left out keep their value", async () => {
    const id = await newTrack({
      bpm: 100,
      key: "C",
      genreNames: ["rock"],
      description: "old",
      releaseDate: "2020-01-02",
      isPublic: false,
      isExplicit: true,
    });
    const res = await edit(id, { title: "Bare", primaryArtistName: "Someone", licenseId: licenseIds[0] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Bare",
      bpm: null,
      key: null,
      genreNames: [],
      description: "",
      releaseDate: null,
      releaseDatePrecision: "DAY",
      isPublic: false,
      isExplicit: true,
    });
  });

  test("genres are trimmed and de-duplicated; text is trimmed", async () => {
    const id = await newTrack();
    const res = await edit(id, form({ title: "  Spaced  ", genreNames: [" techno ", "techno", "", "idm"] }));
    expect(res.body).toMatchObject({ title: "Spaced", genreNames: ["techno", "idm"] });
  });
});

describe("validation (SPEC §5 wording), and nothing changes", () => {
  test.each([
    [{ title: "" }, "Title is required"],
    [{ title: undefined }, "Title is required"],
    [{ primaryArtistName: "  " }, "Primary artist name is required"],
    [{ licenseId: undefined }, "License selection is required"],
    [{ licenseId: "" }, "License selection is required"],
    [{ licenseId: "no-such-license" }, "The selected license does not exist"],
    [{ bpm: 0 }, "BPM must be a whole number from 1 to 999"],
    [{ bpm: 1000 }, "BPM must be a whole number from 1 to 999"],
    [{ bpm: 99.5 }, "BPM must be a whole number from 1 to 999"],
    [{ bpm: "fast" }, "BPM must be a whole number from 1 to 999"],
    [{ releaseDate: "2999-01-01" }, "Release date cannot be in the future"],
    [
      { releaseDate: `${Number(latestDateOnEarth().slice(0, 4)) + 1}`, releaseDatePrecision: "YEAR" },
      "Release date cannot be in the future",
    ],
    [{ releaseDate: "2020-13-01" }, "Release date must be a valid date"],
    [{ releaseDate: "yesterday" }, "Release date must be a valid date"],
    [{ releaseDate: "2020-01-01", releaseDatePrecision: "WEEK" }, "Release date precision must be YEAR, MONTH or DAY"],
    [{ isPublic: "yes" }, "isPublic must be true or false"],
    [{ isExplicit: 1 }, "isExplicit must be true or false"],
    [{ genreNames: "rock" }, "genreNames must be a list of text"],
    [{ genreNames: ["x".repeat(51)] }, "Each genre must be at most 50 characters"],
    [{ title: "t".repeat(201) }, "title must be at most 200 characters"],
  ])("%p → %s", async (overrides, message) => {
    const id = await newTrack({ title: "Untouched" });
    const res = await edit(id, form(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await read(id)).body.title).toBe("Untouched");
  });

  test("a release date that is today somewhere on Earth (UTC+14) is taken; the day after it is not", async () => {
    const id = await newTrack({ title: "Untouched" });
    const dayIn = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 10);
    // Just under 14 hours ahead of UTC is still today in Kiribati, whatever the server's clock says.
    const todayInKiribati = dayIn(13.9);
    const accepted = await edit(id, form({ releaseDate: todayInKiribati, releaseDatePrecision: "DAY" }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.releaseDate).toBe(todayInKiribati);
    const refused = await edit(id, form({ releaseDate: dayIn(14 + 24.1), releaseDatePrecision: "DAY" }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Release date cannot be in the future");
    expect((await read(id)).body.releaseDate).toBe(todayInKiribati);
  });

  test("a body that is not a JSON object is a 400 with a message, never a 500", async () => {
    const id = await newTrack();
    const array = await edit(id, [form()]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe("Track data must be a JSON object");
    const empty = await call<Reply>(live.server, "PATCH", `/track/${id}`, { token: owner.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Track data is required");
    const broken = await call<Reply>(live.server, "PATCH", `/track/${id}`, {
      token: owner.token,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(typeof broken.body.message).toBe("string");
  });
});

describe("who may edit", () => {
  test("no token → 401 'Authentication required'; a bad token too", async () => {
    const id = await newTrack({ title: "Mine" });
    for (const token of [undefined, "not.a.token"]) {
      const res = await call<Reply>(live.server, "PATCH", `/track/${id}`, { token, body: form() });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Authentication required");
    }
    expect((await read(id)).body.title).toBe("Mine");
  });

  test("another user gets 404 'Track not found', even with an invalid body, and nothing changes", async () => {
    const id = await newTrack({ title: "Mine" });
    for (const body of [form(), form({ title: "" })]) {
      const res = await edit(id, body, stranger);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Track not found");
    }
    expect((await read(id)).body.title).toBe("Mine");
  });

  test("a user the track is shared with may see it but not edit it", async () => {
    const id = await newTrack({ title: "Shared", isPublic: false });
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    expect((await read(id, friend)).status).toBe(200);
    expect((await edit(id, form(), friend)).status).toBe(404);
  });

  test("an unknown track id is 404", async () => {
    const res = await edit(crypto.randomUUID(), form());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Track not found");
  });

  test("an ADMIN may edit anyone's track (moderation, as findOwnedTrack allows); the owner stays the owner", async () => {
    const id = await newTrack({ title: "Rude title" });
    const res = await edit(id, form({ title: "Moderated" }), admin);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Moderated");
    expect(res.body.userId).toBe(owner.user.id);
    expect(res.body.user).toEqual({ username: owner.user.username });
  });

  test("a private track stays private to others after an edit, with or without isPublic in the body", async () => {
    const id = await newTrack({ title: "Secret", isPublic: false });
    const { isPublic: _left, ...withoutFlag } = form({ title: "Still secret" });
    expect((await edit(id, withoutFlag)).body.isPublic).toBe(false);
    expect((await edit(id, form({ title: "Still secret", isPublic: false }))).body.isPublic).toBe(false);
    for (const viewer of [stranger, null]) {
      const res = await read(id, viewer);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Still secret");
    }
    const publicList = await call<{ items: Array<{ id: string }> }>(live.server, "GET", "/tracks/public");
    expect(publicList.body.items.map((item) => item.id)).not.toContain(id);
  });

  test("the owner can publish a private track through the edit, and others then see the new info", async () => {
    const id = await newTrack({ title: "Draft", isPublic: false });
    expect((await edit(id, form({ title: "Released", isPublic: true }))).status).toBe(200);
    const seen = await read(id, stranger);
    expect(seen.status).toBe(200);
    expect(seen.body.title).toBe("Released");
    expect(seen.body.sharedWith).toEqual([]);
  });
});
