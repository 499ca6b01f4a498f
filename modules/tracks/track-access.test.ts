import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { upload, uploadForm, waitProcessed } from "../../tests/support/uploads";

const live = setUpServer();
let admin: Session;
let owner: Session;
let friend: Session;
let stranger: Session;
beforeAll(async () => {
  admin = await signUp(live.server);
  [owner, friend, stranger] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
}, 30_000);

const original = "real-audio/hydrogen-808_Cymbal.flac";

describe("upload validation (SPEC §5 and §8 wording)", () => {
  test.each([
    [{ title: "" }, "Title is required"],
    [{ primaryArtistName: "  " }, "Primary artist name is required"],
    [{ licenseId: undefined }, "License selection is required"],
    [{ licenseId: "no-such-license" }, "The selected license does not exist"],
    [{ bpm: 0 }, "BPM must be a whole number from 1 to 999"],
    [{ bpm: 1000 }, "BPM must be a whole number from 1 to 999"],
    [{ bpm: 120.5 }, "BPM must be a whole number from 1 to 999"],
    [{ releaseDate: "2999-01-01" }, "Release date cannot be in the future"],
    [{ releaseDate: "2020-13-40" }, "Release date must be a valid date"],
    [{ releaseDatePrecision: "WEEK" }, "Release date precision must be YEAR, MONTH or DAY"],
    [{ originalFormat: "wav" }, "Audio file is named .flac but its format was given as WAV"],
    [{ originalFormat: "mp3" }, "Original format must be one of: wav, flac, xm, it, s3m, mod"],
    [{ isPublic: "yes" }, "The public setting must be true or false"],
  ])("%p → %s", async (data, message) => {
    const res = await upload(live.server, owner, { original, data });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test("an MP3 original is refused with what to use instead", async () => {
    const res = await upload(live.server, owner, { original: "real-audio/audio-lena.mp3", data: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("MP3 files can't be uploaded as originals: use WAV or FLAC");
  });

  test("no original: 'Audio file is required'; no data: 'Track data is required'; no token: 401", async () => {
    const noFile = await upload(live.server, owner, {});
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe("Audio file is required");
    const form = await uploadForm(live.server, { original });
    form.delete("data");
    const noData = await call<{ message: string }>(live.server, "POST", "/track", { token: owner.token, body: form });
    expect(noData.body.message).toBe("Track data is required");
    const anonymous = await call(live.server, "POST", "/track", { body: await uploadForm(live.server, { original }) });
    expect(anonymous.status).toBe(401);
  });

  test("defaults and stored fields: isPublic true, precision DAY, genres trimmed and unique, dates by precision", async () => {
    const res = await upload(live.server, owner, {
      original,
      data: { bpm: 128, key: "C minor", genreNames: [" house ", "house", "techno"], isExplicit: true, releaseDate: "2021-06" },
    });
    expect(res.status).toBe(201);
    const track = res.body.track;
    expect(track).toMatchObject({
      isPublic: true,
      releaseDatePrecision: "DAY",
      releaseDate: "2021-06-01",
      bpm: 128,
      key: "C minor",
      genreNames: ["house", "techno"],
      isExplicit: true,
      licenseType: "ALL_RIGHTS_RESERVED",
      user: { username: owner.user.username },
      status: "ACTIVE",
      totalPlays: 0,
      totalDownloads: 0,
      stems: [],
    });
  });
});

describe("who may read a track", () => {
  test("a private track: owner, shared users and admins read it; strangers and visitors get 404", async () => {
    const res = await upload(live.server, owner, { original, data: { isPublic: false } });
    const id = res.body.track.id;
    await waitProcessed(live.server, owner, id);
    const statusFor = async (session: Session | null) =>
      (await call(live.server, "GET", `/track/${id}`, { token: session?.token })).status;
    expect(await statusFor(owner)).toBe(200);
    expect(await statusFor(admin)).toBe(200);
    expect(await statusFor(stranger)).toBe(404);
    expect(await statusFor(null)).toBe(404);
    expect(await statusFor(friend)).toBe(404);

    const shared = await call<{ sharedWith: unknown[] }>(live.server, "POST", `/track/${id}/share`, {
      token: owner.token,
      body: { userIds: [friend.user.id] },
    });
    expect(shared.body.sharedWith).toEqual([{ userId: friend.user.id, user: { email: friend.user.email } }]);
    expect(await statusFor(friend)).toBe(200);
    // The share list is the owner's business only.
    const asFriend = await call<{ sharedWith: unknown[] }>(live.server, "GET", `/track/${id}`, { token: friend.token });
    expect(asFriend.body.sharedWith).toEqual([]);

    await call(live.server, "DELETE", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    expect(await statusFor(friend)).toBe(404);

    const published = await call<{ isPublic: boolean }>(live.server, "PATCH", `/track/${id}/visibility`, {
      token: owner.token,
      body: { isPublic: true },
    });
    expect(published.body.isPublic).toBe(true);
    expect(await statusFor(null)).toBe(200);
  }, 30_000);

  test("only the owner changes visibility or sharing; others get 404, unknown users 400", async () => {
    const id = (await upload(live.server, owner, { original })).body.track.id;
    const asStranger = await call(live.server, "PATCH", `/track/${id}/visibility`, {
      token: stranger.token,
      body: { isPublic: false },
    });
    expect(asStranger.status).toBe(404);
    const shareAsStranger = await call(live.server, "POST", `/track/${id}/share`, {
      token: stranger.token,
      body: { userIds: [stranger.user.id] },
    });
    expect(shareAsStranger.status).toBe(404);
    const unknown = await call<{ message: string }>(live.server, "POST", `/track/${id}/share`, {
      token: owner.token,
      body: { userIds: ["nobody"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Only known users can be shared with");
    expect((await call(live.server, "GET", "/track/does-not-exist")).status).toBe(404);
  });
});
