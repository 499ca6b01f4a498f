/**
 * Removing a stem regenerates the fork's full track as the SUM of the remaining stems at unity gain,
 * checked on the samples: the regenerated original, decoded, against the corpus stems summed here
 * (the corpus stems sum to its full mix within 2 LSB). And a stem 50 ms too long is trimmed to the
 * track's exact length. A removal whose job a crash lost is still regenerated at boot.
 */
import { beforeAll, expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { generateAudio } from "../../tests/support/generated-audio";
import { setUpServer } from "../../tests/support/lifecycle";
import { clusterOf } from "../../tests/support/server";
import { addStem, forkWithStems, removeStem, stemPath, studioForm, waitReady } from "../../tests/support/studio";
import { corpusPath } from "../../tests/support/uploads";

const live = setUpServer();
let forker: Session;
let fork: TrackJson;

/**
 * The first channel's float samples of a file or of bytes, decoded by the system ffmpeg: the stems are mono, and the
 * regenerated mix has each on both sides at full level, as the mixer plays them (ffmpeg's `-ac 1` would sum the two
 * sides 3 dB up).
 */
function decode(input: string | Uint8Array): Float32Array {
  const source = typeof input === "string" ? input : "pipe:0";
  const made = Bun.spawnSync(["ffmpeg", "-loglevel", "error", "-i", source, "-af", "pan=mono|c0=c0", "-f", "f32le", "pipe:1"], {
    stdin: typeof input === "string" ? "ignore" : input,
  });
  if (made.exitCode !== 0) throw new Error(made.stderr.toString());
  const bytes = new Uint8Array(made.stdout);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

const rmsDb = (x: Float32Array) => 10 * Math.log10(x.reduce((sum, v) => sum + v * v, 0) / x.length);
function correlation(a: Float32Array, b: Float32Array): number {
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i] as number, b[i] as number];
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

beforeAll(async () => {
  const owner = await signUp(live.server);
  forker = await signUp(live.server);
  const { forkId } = await forkWithStems(live.server, owner, forker, ["bass", "drums", "synth", "vocals"]);
  fork = (await call<TrackJson>(live.server, "GET", `/track/${forkId}`, { token: forker.token })).body;
}, 180_000);

test("removing the drums makes the full track the sum of bass, synth and vocals (not their average)", async () => {
  const drums = fork.stems.find((stem) => stem.name === "drums");
  const res = await removeStem(live.server, forker, fork.id, drums?.id as string);
  expect(res.status).toBe(200);
  const after = await waitReady(live.server, forker, fork.id);
  expect(after.stems.map((stem) => stem.name)).toEqual(["bass", "synth", "vocals"]);
  expect(after.waveformData).not.toEqual(fork.waveformData);
  expect(after.duration).toBe(60);
  // The drums were the original's, shared: removing them refunds nothing, and the mix made again costs nothing.
  expect(after.totalQuotaSeconds).toBe(0);

  const regenerated = new Uint8Array(await (await fetch(`${live.server.url}/api/track/${fork.id}/original`)).arrayBuffer());
  const mix = decode(regenerated);
  const parts = ["bass", "synth", "vocals"].map((part) => decode(corpusPath(stemPath(part))));
  const expected = new Float32Array(mix.length);
  for (const part of parts) for (let i = 0; i < expected.length; i++) expected[i] = (expected[i] as number) + (part[i] ?? 0);
  expect(mix.length).toBe(1_323_000);
  expect(correlation(mix, expected)).toBeGreaterThan(0.99);
  expect(Math.abs(rmsDb(mix) - rmsDb(expected))).toBeLessThan(1);
  // The streaming MP3 follows: it decodes to about the same level.
  const mp3 = decode(new Uint8Array(await (await fetch(`${live.server.url}/api/track/${fork.id}/full.mp3`)).arrayBuffer()));
  expect(Math.abs(rmsDb(mp3) - rmsDb(expected))).toBeLessThan(1);
}, 120_000);

test("a stem 50 ms longer than the track is trimmed to its exact length", async () => {
  const long = generateAudio("sine=frequency=440:sample_rate=22050:duration=60.05", [
    "-ac",
    "1",
    "-c:a",
    "pcm_s16le",
    "-f",
    "wav",
  ]);
  const res = await addStem(
    live.server,
    forker,
    fork.id,
    studioForm("stemFile", [new Blob([long]), "tone.wav"], { name: "Tone" }),
  );
  expect(res.status).toBe(201);
  const track = await waitReady(live.server, forker, fork.id);
  expect(track.stems.find((stem) => stem.id === res.body.id)?.duration).toBe(60);
}, 60_000);

/**
 * A crash of the process that made a change, `whileDown`, and its boot: the server's, or on a cluster one API
 * instance's (any instance's boot re-queues what is PENDING; the other instance and the worker run on).
 */
async function crashAndBoot(whileDown: () => Promise<void>): Promise<void> {
  const server = live.server;
  const cluster = clusterOf(server);
  if (cluster) return cluster.crashApi(0, whileDown);
  await server.kill();
  await whileDown();
  await live.restartServer();
}

test("a removal whose job a crash lost is regenerated at boot: the old mix never comes back READY", async () => {
  const before = await waitReady(live.server, forker, fork.id);
  const vocals = before.stems.find((stem) => stem.name === "vocals");
  const originalKey = async () => {
    const [row] = await runSql<{ original_key: string; mix_stale: number | boolean }>(
      live.server,
      "select original_key, mix_stale from tracks where id = ?",
      fork.id,
    );
    // SQLite stores the flag as 0/1, PostgreSQL as a boolean.
    return { original_key: row?.original_key, mix_stale: Number(row?.mix_stale) };
  };
  const oldKey = (await originalKey()).original_key as string;
  await crashAndBoot(async () => {
    // The state a kill -9 between the removal's transaction and its enqueue leaves (studio-rows.ts removeStemRow).
    await runSql(live.server, "delete from stems where id = ?", vocals?.id as string);
    await runSql(live.server, "update tracks set processing_status = 'PENDING', mix_stale = true where id = ?", fork.id);
  });
  const after = await waitReady(live.server, forker, fork.id);
  expect(after.stems.map((stem) => stem.name)).toEqual(["bass", "synth", "Tone"]);
  expect(after.waveformData).not.toEqual(before.waveformData);
  expect(await originalKey()).toEqual({ original_key: expect.not.stringMatching(oldKey), mix_stale: 0 });
}, 120_000);
