/**
 * `npm run test:load`: a bounded loopback soak. The real server on a fresh DATA_DIR with a seeded
 * catalogue; READERS listeners (track pages, track JSON, lists, covers, MP3 Range reads; two client processes)
 * and UPLOADERS users uploading real media processed by ffmpeg (WAV, FLAC, a module, stems, forks), for SECONDS.
 * Passes when every reader kind's p99 is under 50 ms, nothing answered an error, the server's peak RSS stayed
 * under 300 MB, every upload was processed READY, and rows, files and quota agree afterwards.
 * Environment: SECONDS (60), READERS (500), UPLOADERS (10), TRACKS (20000) seeded tracks. Needs the Astro build.
 */
import { join } from "node:path";
import { seedTracks } from "../bench/support/seed";
import { cpuSeconds, memoryMb } from "../bench/support/tools";
import { FULL_MIX, STEM_FILES } from "../tests/e2e/track-page/fixtures";
import { type Session, signUp } from "../tests/support/api";
import { ensureCorpus } from "../tests/support/corpus";
import { expectInvariants } from "../tests/support/invariants";
import { startServer } from "../tests/support/server";
import { CORPUS, createTrack, waitForProcessing } from "../tests/support/uploads";
import type { ReaderPlan, ReaderResult } from "./load/readers";
import { type UploadTally, uploader } from "./load/uploaders";

const SECONDS = Number(process.env.SECONDS ?? 60);
const READERS = Number(process.env.READERS ?? 500);
const UPLOADERS = Number(process.env.UPLOADERS ?? 10);
const TRACKS = Number(process.env.TRACKS ?? 20_000);
const CLIENT_PROCESSES = 2;
/** Seconds of reading before the measured SECONDS: requests made but not counted while the server warms up. */
const WARM_UP = 5;
const GOALS = { p99Ms: 50, rssMb: 300 };

await ensureCorpus();
const server = await startServer({ env: { FREE_QUOTA_SECONDS: "100000000" } });
let failed = false;
const fail = (message: string) => {
  failed = true;
  console.log(`FAIL ${message}`);
};

try {
  // The catalogue: a public track with cover and four stems, copied into TRACKS rows by 1,000 owners.
  const owner = await signUp(server);
  const listener = await signUp(server);
  const template = await createTrack(server, owner.token, {
    original: FULL_MIX,
    coverArt: `${CORPUS}/images/matplotlib-grace_hopper.jpg`,
    stems: STEM_FILES,
    data: { title: "Undertow", primaryArtistName: "Nova Drift", isPublic: true },
  });
  await waitForProcessing(server, owner.token, template);
  seedTracks(join(server.dataDir, "stemma.db"), template, listener.user.id, TRACKS);
  const plan = await readerPlan(server.url, template, listener);

  const uploaders: Session[] = [];
  for (let index = 0; index < UPLOADERS; index++) uploaders.push(await signUp(server));
  console.log(`load: ${READERS} readers and ${UPLOADERS} uploaders for ${SECONDS} s over ${TRACKS} seeded tracks`);

  const cpuBefore = await cpuSeconds(server.proc.pid);
  const until = Date.now() + (WARM_UP + SECONDS) * 1000;
  const tally: UploadTally = { processedIn: {}, failures: [] };
  const [readers] = await Promise.all([
    runReaders(plan),
    Bun.sleep(WARM_UP * 1000).then(() =>
      Promise.all(uploaders.map((session, index) => uploader(server, session, index, until, tally))),
    ),
  ]);
  // VmHWM: the kernel keeps the process's peak resident set, so one read after the soak is enough.
  const { peak: rssPeak, rss } = await memoryMb(server.proc.pid);
  const cpu = (await cpuSeconds(server.proc.pid)) - cpuBefore;
  const requests = Object.values(readers.latencies).flat().length;
  console.log(`  readers: ${requests} requests counted, ${(requests / SECONDS).toFixed(0)}/s`);

  for (const [kind, latencies] of Object.entries(readers.latencies).sort()) {
    const p = percentiles(latencies);
    console.log(
      `  ${kind.padEnd(15)} ${String(latencies.length).padStart(6)} requests  p50 ${p.p50} ms  p99 ${p.p99} ms  max ${p.max} ms`,
    );
    if (p.p99 >= GOALS.p99Ms) fail(`${kind}: p99 ${p.p99} ms, the goal is under ${GOALS.p99Ms} ms`);
  }
  const errors = Object.entries(readers.errors);
  console.log(`  reader errors: ${errors.length ? JSON.stringify(readers.errors) : "none"}`);
  if (errors.length) fail("readers got errors");

  const uploads = Object.values(tally.processedIn).flat().length;
  for (const [kind, times] of Object.entries(tally.processedIn).sort()) {
    const p = percentiles(times.map((seconds) => seconds * 1000));
    console.log(`  upload ${kind.padEnd(8)} ${String(times.length).padStart(4)} processed  p50 ${p.p50} ms  max ${p.max} ms`);
  }
  console.log(`  uploads: ${uploads} processed, ${tally.failures.length} lost or failed`);
  for (const failure of tally.failures.slice(0, 10)) fail(`upload: ${failure}`);

  const { tracks } = await expectInvariants(server, { sessions: [owner, ...uploaders] });
  console.log(`  consistency: ${tracks} uploaded tracks, no stuck job, no orphan file, staging empty, quota = sum of tracks`);
  const serverErrors = server.output().match(/"level":"error"/g)?.length ?? 0;
  console.log(
    `  server: peak RSS ${rssPeak.toFixed(0)} MB (VmHWM), ${rss.toFixed(0)} MB after, ${cpu.toFixed(0)} s of CPU during the soak, ${serverErrors} error lines logged`,
  );
  if (rssPeak >= GOALS.rssMb) fail(`peak RSS ${rssPeak.toFixed(0)} MB, the goal is under ${GOALS.rssMb} MB`);
  if (serverErrors) fail("the server logged errors");
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await server.stop();
}
console.log(failed ? "load: FAIL" : "load: held");
process.exitCode = failed ? 1 : 0;

/** The public tracks in the order readers favour them, later pages' cursors and the MP3's size. */
async function readerPlan(url: string, template: string, listener: Session): Promise<Omit<ReaderPlan, "readers" | "seed">> {
  // seedTracks makes seed-i public when i % 10 < 7 and deletes it when i % 33 = 0.
  const trackIds = [template];
  for (let i = 1; i <= TRACKS; i++) if (i % 10 < 7 && i % 33 !== 0) trackIds.push(`seed-${i}`);
  const cursors: string[] = [];
  let cursor = "";
  for (let page = 0; page < 20; page++) {
    const response = await fetch(`${url}/api/tracks/public?limit=20${cursor ? `&cursor=${cursor}` : ""}`);
    cursor = ((await response.json()) as { metadata: { nextCursor: string } }).metadata.nextCursor;
    cursors.push(cursor);
  }
  const mp3 = await fetch(`${url}/api/track/${template}/full.mp3`);
  const mp3Bytes = (await mp3.arrayBuffer()).byteLength;
  return { url, seconds: SECONDS, warmUp: WARM_UP, trackIds, mp3Bytes, token: listener.token, cursors };
}

/** CLIENT_PROCESSES reader processes sharing READERS; their measurements merged. */
async function runReaders(plan: Omit<ReaderPlan, "readers" | "seed">): Promise<ReaderResult> {
  const procs = Array.from({ length: CLIENT_PROCESSES }, (_, index) => {
    const own: ReaderPlan = { ...plan, readers: Math.ceil(READERS / CLIENT_PROCESSES), seed: index + 1 };
    return Bun.spawn(["bun", join(import.meta.dir, "load/readers.ts")], {
      stdin: new Blob([JSON.stringify(own)]),
      stdout: "pipe",
      stderr: "inherit",
    });
  });
  const merged: ReaderResult = { latencies: {}, errors: {} };
  for (const proc of procs) {
    const text = await new Response(proc.stdout).text();
    if ((await proc.exited) !== 0) throw new Error("a reader process failed");
    const result = JSON.parse(text) as ReaderResult;
    for (const [kind, values] of Object.entries(result.latencies))
      merged.latencies[kind] = [...(merged.latencies[kind] ?? []), ...values];
    for (const [key, count] of Object.entries(result.errors)) merged.errors[key] = (merged.errors[key] ?? 0) + count;
  }
  return merged;
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(1));
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}
