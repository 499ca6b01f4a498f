/** Play counting: 5 s minimum, once per hour per track and listener (user or anonymous id), stems included. */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";
import { ANONYMOUS_PLAYS_PER_IP } from "./limits";

const live = setUpServer();
let owner: Session;
let track: TrackDetails;
let privateTrack: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  track = await uploadTrack(live.server, owner, {
    original: "stems/Nova Drift - Undertow (full mix).wav",
    originalFormat: "wav",
    stems: [{ path: "stems/Nova Drift - Undertow - drums.wav", name: "Drums", type: "drums" }],
  });
  privateTrack = await uploadTrack(live.server, owner, {
    original: "real-audio/sound-icons-electric-piano-3-16k.wav",
    originalFormat: "wav",
    isPublic: false,
  });
}, 120_000);

const PLAY = { eventType: "PLAY", playbackSource: "STREAM", duration: 5 };

const play = (path: string, options: { token?: string; body?: Record<string, unknown> } = {}) =>
  call<{ counted?: boolean; message?: string }>(live.server, "POST", path, {
    token: options.token,
    body: { ...PLAY, ...options.body },
  });
const totalPlays = async (id: string) =>
  (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token })).body.totalPlays;

describe("counting", () => {
  test("a user's plays of one track count once per hour; another user's count too", async () => {
    const listener = await signUp(live.server);
    const before = await totalPlays(track.id);
    expect((await play(`/track/${track.id}/usage`, { token: listener.token })).body).toEqual({ counted: true });
    expect((await play(`/track/${track.id}/usage`, { token: listener.token, body: { playbackSource: "SYNCED" } })).body).toEqual({
      counted: false,
    });
    expect((await play(`/track/${track.id}/usage`, { token: (await signUp(live.server)).token })).body).toEqual({
      counted: true,
    });
    expect(await totalPlays(track.id)).toBe(before + 2);
  });

  test("visitors are told apart by their anonymousId", async () => {
    const before = await totalPlays(track.id);
    const first = crypto.randomUUID();
    expect((await play(`/track/${track.id}/usage`, { body: { anonymousId: first } })).body).toEqual({ counted: true });
    expect((await play(`/track/${track.id}/usage`, { body: { anonymousId: first } })).body).toEqual({ counted: false });
    expect((await play(`/track/${track.id}/usage`, { body: { anonymousId: crypto.randomUUID() } })).body).toEqual({
      counted: true,
    });
    expect(await totalPlays(track.id)).toBe(before + 2);
  });

  test(`one address adds at most ${ANONYMOUS_PLAYS_PER_IP} visitor plays per track and window, however many ids it mints`, async () => {
    const fresh = await uploadTrack(live.server, owner, {
      original: "real-audio/sound-icons-electric-piano-3-16k.wav",
      originalFormat: "wav",
    });
    const results: boolean[] = [];
    for (let i = 0; i <= ANONYMOUS_PLAYS_PER_IP; i++) {
      const res = await play(`/track/${fresh.id}/usage`, { body: { anonymousId: crypto.randomUUID() } });
      results.push(res.body.counted as boolean);
    }
    expect(results.filter(Boolean)).toHaveLength(ANONYMOUS_PLAYS_PER_IP);
    expect(results.at(-1)).toBe(false);
    expect(await totalPlays(fresh.id)).toBe(ANONYMOUS_PLAYS_PER_IP);
    // Signed-in listeners are counted by account, not by address.
    expect((await play(`/track/${fresh.id}/usage`, { token: owner.token })).body).toEqual({ counted: true });
  });

  test("a signed-in user is counted by account, whatever anonymousId the browser sends", async () => {
    const listener = await signUp(live.server);
    await play(`/track/${track.id}/usage`, { token: listener.token, body: { anonymousId: crypto.randomUUID() } });
    const second = await play(`/track/${track.id}/usage`, { token: listener.token, body: { anonymousId: crypto.randomUUID() } });
    expect(second.body).toEqual({ counted: false });
  });

  test("a stem play counts for its track, under the same hourly rule", async () => {
    const listener = await signUp(live.server);
    const before = await totalPlays(track.id);
    const stemPath = `/track/${track.id}/stem/${track.stems[0]?.id}/usage`;
    expect((await play(stemPath, { token: listener.token, body: { playbackSource: "SYNCED" } })).body).toEqual({ counted: true });
    expect((await play(`/track/${track.id}/usage`, { token: listener.token })).body).toEqual({ counted: false });
    expect(await totalPlays(track.id)).toBe(before + 1);
  });
});

describe("refusals", () => {
  test("less than 5 seconds of listening is 400 and not counted", async () => {
    const before = await totalPlays(track.id);
    const res = await play(`/track/${track.id}/usage`, { token: (await signUp(live.server)).token, body: { duration: 4.9 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "A play needs at least 5 seconds of listening" });
    expect(await totalPlays(track.id)).toBe(before);
  });

  test.each([
    [{ eventType: "DOWNLOAD" }, "eventType must be PLAY"],
    [{ playbackSource: "RADIO" }, "playbackSource must be STREAM or SYNCED"],
    [{ duration: "long" }, "duration must be a number of seconds"],
    [{ anonymousId: "../../x" }, "anonymousId must be 8 to 64 letters, digits, _ or -"],
    [{ eventType: undefined }, "eventType must be PLAY"],
    [{ playbackSource: undefined }, "playbackSource must be STREAM or SYNCED"],
    [{ duration: undefined }, "duration must be a number of seconds"],
    [{}, "anonymousId is required when not signed in"],
  ])("%p from a visitor is 400", async (body, message) => {
    const res = await play(`/track/${track.id}/usage`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  test("private tracks and foreign stems are 404 to those who may not see them", async () => {
    const stranger = await signUp(live.server);
    expect((await play(`/track/${privateTrack.id}/usage`, { token: stranger.token })).status).toBe(404);
    expect((await play(`/track/${privateTrack.id}/usage`, { body: { anonymousId: crypto.randomUUID() } })).status).toBe(404);
    expect((await play(`/track/${track.id}/stem/not-a-stem/usage`, { token: stranger.token })).status).toBe(404);
    expect((await play(`/track/${privateTrack.id}/usage`, { token: owner.token })).body).toEqual({ counted: true });
  });
});
