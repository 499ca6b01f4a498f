/**
 * "Download this mix": POST /api/track/{id}/mix renders the track's stems with the mixer's settings (the render of
 * "Fork with this mix") and answers the file, MP3 or WAV, named "<title> - mix.<format>", to anyone signed in who may
 * see the track; it counts a download. Visitors get 401, a hidden track 404, a bad mix the fork's 400, and a user
 * past one render at a time or the hourly allowance 429.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { MIX_ALL_MUTED, NO_STEMS_TO_MIX, UNKNOWN_STEM_IN_MIX } from "../../modules/forks/fork-mix";
import type { TrackDetails } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { channelLevelsDb, decodeStereo, SILENT_DB, TONE_LEVEL_DB } from "../../tests/support/mix-levels";
import { uploadToneTrack } from "../../tests/support/tone-stems";
import { createTrack, TINY_WAV, waitForProcessing } from "../../tests/support/uploads";
import { MIX_BEING_MADE, MIX_DOWNLOADS_PER_HOUR, TOO_MANY_MIXES } from "./mix-download";

const live = setUpServer();
let owner: Session;
let listener: Session;
let track: TrackDetails;

const stemId = (name: string) => track.stems.find((stem) => stem.name === name)?.id as string;
/** Tone alone, hard left: the case (a mono stem soloed and panned fully to one side). */
const toneLeft = () => [
  { stemId: stemId("Tone"), gainDb: 0, pan: -1, muted: false },
  { stemId: stemId("Wide"), gainDb: 0, pan: 0, muted: true },
  { stemId: stemId("Hum"), gainDb: 0, pan: 0, muted: true },
];

/** POST /track/{id}/mix as `token` (or a visitor): status, headers and the body's bytes. */
async function downloadMix(id: string, token: string | null, body: unknown) {
  const response = await fetch(`${live.server.url}/api/track/${id}/mix`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const message = response.headers.get("content-type")?.startsWith("application/json")
    ? (JSON.parse(new TextDecoder().decode(bytes)) as { message: string }).message
    : null;
  return { status: response.status, headers: response.headers, bytes, message };
}

const downloads = async () =>
  (await call<TrackDetails>(live.server, "GET", `/track/${track.id}`, { token: owner.token })).body.totalDownloads;

beforeAll(async () => {
  owner = await signUp(live.server);
  listener = await signUp(live.server);
  track = await uploadToneTrack(live.server, owner.token);
}, 120_000);

describe("a signed-in listener downloads the mix", () => {
  test("as WAV and MP3, named after the track, a mono stem hard left at its full level on the left only", async () => {
    const before = await downloads();
    for (const format of ["wav", "mp3"] as const) {
      const mix = await downloadMix(track.id, listener.token, { format, mix: toneLeft() });
      expect(mix.status).toBe(200);
      expect(mix.headers.get("content-type")).toBe(format === "wav" ? "audio/wav" : "audio/mpeg");
      expect(mix.headers.get("content-disposition")).toContain(`filename="Undertow - mix.${format}"`);
      const [left, right] = channelLevelsDb(decodeStereo(mix.bytes));
      // The mixer keeps a mono stem's full level on the side it is panned to (not 3 dB less), and nothing on the other.
      // LAME's MP3 of a tone reads about 0.27 dB under its source (as every stem's streaming MP3 does).
      expect(Math.abs((left as number) - TONE_LEVEL_DB)).toBeLessThan(format === "wav" ? 0.01 : 0.5);
      expect(right).toBeLessThan(SILENT_DB);
    }
    // Each mix sent counts one download of the track, as a stems zip does.
    expect(await downloads()).toBe(before + 2);
  }, 60_000);

  test("the owner may download their own track's mix, and a mix naming only some stems keeps the rest at unity", async () => {
    const mix = await downloadMix(track.id, owner.token, { format: "wav", mix: [] });
    expect(mix.status).toBe(200);
  }, 60_000);
});

describe("refusals", () => {
  test("a visitor gets 401; a private or missing track 404", async () => {
    expect((await downloadMix(track.id, null, { format: "mp3", mix: toneLeft() })).status).toBe(401);
    const hidden = await createTrack(live.server, owner.token, { original: TINY_WAV, data: { isPublic: false } });
    const unseen = await downloadMix(hidden, listener.token, { format: "mp3", mix: [] });
    const missing = await downloadMix("no-such-track", listener.token, { format: "mp3", mix: [] });
    expect([unseen.status, missing.status]).toEqual([404, 404]);
    expect(unseen.message).toBe(missing.message);
  });

  test("a bad format or mix says what is wrong; a track without stems has nothing to mix", async () => {
    const unity = { gainDb: 0, pan: 0, muted: false };
    const refusals: [unknown, string][] = [
      [{ format: "flac", mix: [] }, "format must be mp3 or wav"],
      [{ format: "mp3", mix: [{ stemId: "no-such-stem", ...unity }] }, UNKNOWN_STEM_IN_MIX],
      [{ format: "mp3", mix: toneLeft().map((stem) => ({ ...stem, muted: true })) }, MIX_ALL_MUTED],
      [
        { format: "mp3", mix: [{ stemId: stemId("Tone"), ...unity, pan: 2 }] },
        "pan must be a number from -1 (left) to 1 (right)",
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await downloadMix(track.id, listener.token, body);
      expect(refused.status, message).toBe(400);
      expect(refused.message).toBe(message);
    }
    const noMix = await downloadMix(track.id, listener.token, { format: "mp3" });
    expect(noMix.status).toBe(400);
    expect(noMix.message).toBeString();

    const plain = await createTrack(live.server, owner.token, { original: TINY_WAV, data: { isPublic: true } });
    await waitForProcessing(live.server, owner.token, plain);
    const nothing = await downloadMix(plain, listener.token, { format: "wav", mix: [] });
    expect(nothing.status).toBe(400);
    expect(nothing.message).toBe(NO_STEMS_TO_MIX);
  }, 60_000);

  test("one render at a time per user: clicks while one is made are told to wait", async () => {
    const racer = await signUp(live.server);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => downloadMix(track.id, racer.token, { format: "wav", mix: toneLeft() })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.message).toBe(MIX_BEING_MADE);
    // Someone else is not held up by that user's render.
    expect((await downloadMix(track.id, listener.token, { format: "wav", mix: toneLeft() })).status).toBe(200);
  }, 60_000);

  test(`past ${MIX_DOWNLOADS_PER_HOUR} mixes in an hour a user is told to come back later`, async () => {
    const busy = await signUp(live.server);
    const now = Date.now();
    const hour = 3600_000;
    const windowStart = now - (now % hour);
    await runSql(
      live.server,
      "insert into rate_limit_windows (key, window_start, expires_at, count) values (?, ?, ?, ?)",
      `mix-downloads:${busy.user.id}`,
      windowStart,
      windowStart + hour,
      MIX_DOWNLOADS_PER_HOUR,
    );
    const refused = await downloadMix(track.id, busy.token, { format: "mp3", mix: toneLeft() });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(TOO_MANY_MIXES);
  });
});
