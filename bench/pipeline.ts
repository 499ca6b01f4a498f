import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../tests/support/api";
import { startServer, type TestServer } from "../tests/support/server";

/**
 * Upload pipeline speed, as ratios against bare ffmpeg on the same machine in the same run:
 *  - playable (waveform stored and the original streamable) ≤ 0.25 × a bare 192k MP3 encode,
 *  - all derivatives (peaks, MP3, loudness) ≤ 1.1 × the sum of the bare commands that make them,
 *  - ten uploads at once ≥ 1.8 × the throughput of one (both cores busy).
 * Times start when the upload is answered (validation, which decodes once, is part of the upload).
 */
const WORK = join(tmpdir(), "stemma-bench");
const long = join(WORK, "ten-minutes.flac");
const short = join(WORK, "one-minute.flac");

function generate(path: string, seconds: number) {
  if (existsSync(path)) return;
  const source = `aevalsrc=0.4*sin(2*PI*220*t)*sin(2*PI*0.5*t)|0.4*sin(2*PI*330*t)*cos(2*PI*0.25*t):s=44100:d=${seconds}`;
  run(["-f", "lavfi", "-i", source, "-c:a", "flac", path]);
}

function run(args: string[]): number {
  const start = performance.now();
  const proc = Bun.spawnSync(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args]);
  if (proc.exitCode !== 0) throw new Error(`ffmpeg ${args.join(" ")}: ${proc.stderr}`);
  return (performance.now() - start) / 1000;
}

async function uploadFile(server: TestServer, session: Session, path: string): Promise<string> {
  const form = new FormData();
  form.set("data", JSON.stringify({ title: "Bench", primaryArtistName: "Bench", licenseId: "all-rights-reserved" }));
  form.set("original", Bun.file(path), "bench.flac");
  const res = await call<{ track: { id: string } }>(server, "POST", "/track", { token: session.token, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.track.id;
}

interface Milestones {
  playable: number;
  done: number;
}

/** Seconds from `since` until the track is playable and until every derivative exists. */
async function watch(server: TestServer, session: Session, id: string, since: number): Promise<Milestones> {
  let playable = 0;
  for (;;) {
    const { body } = await call<{ originalUrl: string; waveformData: unknown; processingStatus: string }>(
      server,
      "GET",
      `/track/${id}`,
      {
        token: session.token,
      },
    );
    const now = (performance.now() - since) / 1000;
    if (!playable && body.waveformData && !body.originalUrl.startsWith("{address}")) playable = now;
    if (body.processingStatus === "FAILED") throw new Error(`track ${id} failed`);
    if (body.processingStatus === "READY") return { playable: playable || now, done: now };
    await Bun.sleep(20);
  }
}

const ratio = (value: number) => value.toFixed(3);

rmSync(join(WORK, "out"), { recursive: true, force: true });
Bun.spawnSync(["mkdir", "-p", join(WORK, "out")]);
generate(long, 600);
generate(short, 60);

const bareMp3 = run(["-i", long, "-b:a", "192k", join(WORK, "out", "bare.mp3")]);
const barePeaks = run(["-i", long, "-f", "f32le", "-c:a", "pcm_f32le", "/dev/null"]);
const bareLoudness = run(["-i", long, "-af", "ebur128", "-f", "null", "-"]);
const bareShortMp3 = run(["-i", short, "-b:a", "192k", join(WORK, "out", "short.mp3")]);

const server = await startServer({ env: { FREE_QUOTA_SECONDS: "1000000" } });
try {
  const session = await signUp(server);

  const id = await uploadFile(server, session, long);
  const single = await watch(server, session, id, performance.now());

  // Throughput: one short upload alone, then ten at once (start of uploads → all processed).
  let start = performance.now();
  await watch(server, session, await uploadFile(server, session, short), start);
  const oneShort = (performance.now() - start) / 1000;
  start = performance.now();
  const ids = await Promise.all(Array.from({ length: 10 }, () => uploadFile(server, session, short)));
  await Promise.all(ids.map((trackId) => watch(server, session, trackId, start)));
  const tenShort = (performance.now() - start) / 1000;

  const playableRatio = single.playable / bareMp3;
  const derivativesRatio = single.done / (bareMp3 + barePeaks + bareLoudness);
  const throughputGain = (10 * oneShort) / tenShort;
  console.log(
    `bare ffmpeg, 10-min FLAC: mp3 ${bareMp3.toFixed(2)} s, pcm for peaks ${barePeaks.toFixed(2)} s, ebur128 ${bareLoudness.toFixed(2)} s`,
  );
  console.log(
    `stemma, 10-min FLAC: playable after ${single.playable.toFixed(2)} s, all derivatives after ${single.done.toFixed(2)} s`,
  );
  console.log(`playable / bare mp3            = ${ratio(playableRatio)} (target ≤ 0.25)`);
  console.log(`derivatives / sum of bare runs = ${ratio(derivativesRatio)} (target ≤ 1.1)`);
  console.log(
    `1-min FLAC: one upload ${oneShort.toFixed(2)} s (bare mp3 ${bareShortMp3.toFixed(2)} s); ten at once ${tenShort.toFixed(2)} s`,
  );
  console.log(`throughput ten / one           = ${ratio(throughputGain)} (target ≥ 1.8)`);
  const met = playableRatio <= 0.25 && derivativesRatio <= 1.1 && throughputGain >= 1.8;
  process.exitCode = met ? 0 : 1;
} finally {
  await server.stop();
}
