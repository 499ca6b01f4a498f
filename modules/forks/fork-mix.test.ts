/**
 * "Fork with this mix": POST /api/track/{id}/fork with `mix` renders the fork's full track from the original's stems
 * at the gains, balances and mutes asked for, while the fork keeps every stem; a later studio change renders it with
 * the same settings; a mix that cannot be rendered as asked is refused with what is wrong, before anything is charged.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { MIX_ALL_MUTED, NO_STEMS_TO_MIX, STEM_TWICE_IN_MIX, UNKNOWN_STEM_IN_MIX } from "../../modules/forks/fork-mix";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { balanceGains, type StemMixSettings } from "../../src/shared/stem-mix";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedBytes } from "../../tests/support/stored-files";
import { corpusPath, createTrack, TINY_WAV, waitForProcessing } from "../../tests/support/uploads";

const STEMS = "stems/Nova Drift - Undertow";
const PARTS = ["bass", "drums", "synth"] as const;
/** The stems are 22.05 kHz; the first 20 s hold every part. */
const RATE = 22_050;
const SECONDS = 20;

const live = setUpServer();
let owner: Session;
let forker: Session;
let original: TrackJson;

const fork = (id: string, body: Record<string, unknown>) =>
  call<{ id: string; message: string }>(live.server, "POST", `/track/${id}/fork`, { token: forker.token, body });
const stemId = (name: string) => original.stems.find((stem) => stem.name === name)?.id as string;
const trackCount = async () => (await runSql(live.server, "select id from tracks where user_id = ?", forker.user.id)).length;

/** Float samples (interleaved when stereo) of the first SECONDS of a file (or of bytes), as ffmpeg decodes them. */
function decode(input: string | Uint8Array, channels: 1 | 2 = 2): Float32Array {
  const source = typeof input === "string" ? ["-i", `file:${input}`] : ["-i", "pipe:0"];
  const layout = ["-t", String(SECONDS), "-ac", String(channels), "-ar", String(RATE)];
  const run = Bun.spawnSync(["ffmpeg", "-v", "error", ...source, ...layout, "-f", "f32le", "pipe:1"], {
    stdin: typeof input === "string" ? "ignore" : input,
  });
  if (run.exitCode !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`);
  return new Float32Array(run.stdout.buffer, run.stdout.byteOffset, run.stdout.byteLength / 4);
}

/**
 * What the mix should sound like, summed here from the (mono) stem files as the mixer plays them: each on both sides at
 * full level (Web Audio's up-mix; ffmpeg's own `-ac 2` would put it 3 dB lower, the level the fork once had), at its
 * gain, with its balance.
 */
function expectedMix(settings: Record<(typeof PARTS)[number], StemMixSettings>): Float32Array {
  const sum = new Float32Array(SECONDS * RATE * 2);
  for (const part of PARTS) {
    const { gainDb, pan, muted } = settings[part];
    if (muted) continue;
    const gain = 10 ** (gainDb / 20);
    const { left, right } = balanceGains(pan);
    const samples = decode(corpusPath(`${STEMS} - ${part}.wav`), 1);
    for (let i = 0; i < sum.length && i / 2 < samples.length; i++)
      sum[i] = (sum[i] ?? 0) + (samples[Math.floor(i / 2)] ?? 0) * gain * (i % 2 ? right : left);
  }
  return sum;
}

/** One channel (0 left, 1 right) of interleaved stereo. */
const channel = (samples: Float32Array, which: 0 | 1, length: number) =>
  Float32Array.from({ length }, (_, i) => samples[i * 2 + which] ?? 0);

function correlation(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] ?? 0) * (b[i] ?? 0);
    aa += (a[i] ?? 0) ** 2;
    bb += (b[i] ?? 0) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

const rmsDb = (samples: Float32Array) =>
  10 * Math.log10(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);

/** The rendered full track of `trackId` held to the expected mix, channel by channel: shape and level. */
async function expectRenderedAs(trackId: string, expected: Float32Array) {
  const [row] = await runSql<{ key: string }>(live.server, "select original_key as key from tracks where id = ?", trackId);
  const bytes = await storedBytes(live.server, row?.key ?? "");
  if (!bytes) throw new Error("the rendered mix is not stored");
  const rendered = decode(bytes);
  const frames = Math.min(rendered.length, expected.length) / 2;
  for (const side of [0, 1] as const) {
    const ours = channel(rendered, side, frames);
    const theirs = channel(expected, side, frames);
    expect(correlation(ours, theirs)).toBeGreaterThanOrEqual(0.99);
    expect(Math.abs(rmsDb(ours) - rmsDb(theirs))).toBeLessThan(0.1);
  }
}

beforeAll(async () => {
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  const id = await createTrack(live.server, owner.token, {
    original: `${STEMS} (full mix).wav`,
    data: { isPublic: true },
    stems: PARTS.map((part) => ({ path: `${STEMS} - ${part}.wav`, name: part, type: "other" })),
  });
  original = await waitForProcessing(live.server, owner.token, id);
}, 120_000);

describe("a fork with a mix", () => {
  test("renders its full track from the stems as the mix says, keeps every stem, and keeps the settings", async () => {
    const settings = {
      bass: { gainDb: -9, pan: -1, muted: false },
      drums: { gainDb: 3, pan: 0.75, muted: false },
      synth: { gainDb: 0, pan: 0, muted: true },
    };
    const mix = PARTS.map((part) => ({ stemId: stemId(part), ...settings[part] }));
    const made = await fork(original.id, { title: "Remixed", isPublic: true, mix });
    expect(made.status).toBe(201);
    const forked = await waitForProcessing(live.server, forker.token, made.body.id);
    expect(forked.processingStatus).toBe("READY");
    expect(forked.stems.map((stem) => stem.name).sort()).toEqual([...PARTS]);
    // The fork's Track says how each stem sits in its mix; the original's stems are at unity.
    for (const stem of forked.stems) expect(stem.mix).toEqual(settings[stem.name as (typeof PARTS)[number]]);
    for (const stem of original.stems) expect(stem.mix).toEqual({ gainDb: 0, pan: 0, muted: false });
    await expectRenderedAs(forked.id, expectedMix(settings));

    // A studio change renders the mix again with the settings the stems kept: the bass goes, drums stay as set.
    const synth = forked.stems.find((stem) => stem.name === "synth")?.id;
    const bass = forked.stems.find((stem) => stem.name === "bass")?.id;
    for (const removed of [synth, bass]) {
      const gone = await call(live.server, "DELETE", `/track/${forked.id}/stem/${removed}`, { token: forker.token });
      expect(gone.status).toBe(200);
      await waitForProcessing(live.server, forker.token, forked.id);
    }
    await expectRenderedAs(forked.id, expectedMix({ ...settings, bass: { ...settings.bass, muted: true } }));
  }, 240_000);

  test("a plain fork keeps the original's full track", async () => {
    const made = await fork(original.id, { title: "Plain" });
    expect(made.status).toBe(201);
    const row = (id: string) =>
      runSql(live.server, "select original_key as key, processing_status as status from tracks where id = ?", id);
    expect(await row(made.body.id)).toEqual(await row(original.id));
  });
});

describe("a mix that cannot be rendered is refused before anything is made or charged", () => {
  test("each fault says what is wrong", async () => {
    const before = await trackCount();
    const unity = { gainDb: 0, pan: 0, muted: false };
    const refusals: [unknown, string][] = [
      [[{ stemId: "no-such-stem", ...unity }], UNKNOWN_STEM_IN_MIX],
      [
        [
          { stemId: stemId("bass"), ...unity },
          { stemId: stemId("bass"), ...unity, gainDb: -3 },
        ],
        STEM_TWICE_IN_MIX,
      ],
      [PARTS.map((part) => ({ stemId: stemId(part), ...unity, muted: true })), MIX_ALL_MUTED],
      [[{ stemId: stemId("bass"), ...unity, gainDb: 13 }], "gainDb must be a number from -60 to 12"],
      [[{ stemId: stemId("bass"), ...unity, pan: -1.5 }], "pan must be a number from -1 (left) to 1 (right)"],
      [[{ stemId: stemId("bass"), gainDb: 0, pan: 0 }], "muted must be true or false"],
      [Array.from({ length: 21 }, () => ({ stemId: stemId("bass"), ...unity })), "mix must list at most 20 stems"],
    ];
    for (const [mix, message] of refusals) {
      const refused = await fork(original.id, { title: "Refused", mix });
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await trackCount()).toBe(before);
  });

  test("a track without stems has nothing to mix; a track the forker may not see stays a 404", async () => {
    const plain = await createTrack(live.server, owner.token, { original: TINY_WAV, data: { isPublic: true } });
    await waitForProcessing(live.server, owner.token, plain);
    const refused = await fork(plain, { title: "Nothing", mix: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NO_STEMS_TO_MIX);

    const hidden = await createTrack(live.server, owner.token, { original: TINY_WAV, data: { isPublic: false } });
    await waitForProcessing(live.server, owner.token, hidden);
    const unseen = await fork(hidden, { title: "Hidden", mix: [{ stemId: "x", gainDb: 0, pan: 0, muted: false }] });
    expect(unseen.status).toBe(404);
  });
});
