import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../tests/support/api";
import { startServer, type TestServer } from "../tests/support/server";

/**
 * Media speed, as ratios against bare tools on the same machine in the same run:
 *  - a WAV conversion (request → COMPLETED, polled every 20 ms) ≤ 1.5 × bare ffmpeg FLAC→WAV (the
 *    fixed cost of probe, queue pick-up, store rename and polling is about 0.2 s on a 0.5 s encode),
 *  - downloading the original through /api (access check, ETag, headers) ≤ 1.5 × a bare Bun.serve
 *    answering `new Response(Bun.file())` for the same file.
 */
const WORK = join(tmpdir(), "stemma-bench-media");
const source = join(WORK, "five-minutes.flac");
mkdirSync(WORK, { recursive: true });

function ffmpeg(args: string[]): number {
  const start = performance.now();
  const proc = Bun.spawnSync(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args]);
  if (proc.exitCode !== 0) throw new Error(`ffmpeg ${args.join(" ")}: ${proc.stderr}`);
  return (performance.now() - start) / 1000;
}

if (!existsSync(source)) {
  const tone = "aevalsrc=0.4*sin(2*PI*220*t)|0.4*sin(2*PI*330*t):s=44100:d=300";
  ffmpeg(["-f", "lavfi", "-i", tone, "-c:a", "flac", source]);
}

/** Best of three: the machine is shared, so the fastest run is the least disturbed one. */
async function best(times: number, run: () => Promise<number>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) fastest = Math.min(fastest, await run());
  return fastest;
}

async function download(url: string, headers: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return (performance.now() - start) / 1000;
}

async function upload(server: TestServer, session: Session): Promise<string> {
  const form = new FormData();
  form.set("data", JSON.stringify({ title: "Bench", primaryArtistName: "Bench", licenseId: "all-rights-reserved" }));
  form.set("original", Bun.file(source), "bench.flac");
  const res = await call<{ track: { id: string } }>(server, "POST", "/track", { token: session.token, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.track.id;
}

/** Waits for the upload's own processing, so the conversion is timed alone. */
async function processed(server: TestServer, session: Session, id: string): Promise<void> {
  for (;;) {
    const { body } = await call<{ processingStatus: string }>(server, "GET", `/track/${id}`, { token: session.token });
    if (body.processingStatus === "READY") return;
    if (body.processingStatus === "FAILED") throw new Error("processing failed");
    await Bun.sleep(50);
  }
}

async function convertToWav(server: TestServer, session: Session, id: string): Promise<number> {
  const start = performance.now();
  await call(server, "POST", `/track/${id}/convert-audio`, { token: session.token, body: { type: "full", format: "wav" } });
  for (;;) {
    const { body } = await call<{ data: { conversionStatus: string } }>(
      server,
      "GET",
      `/track/${id}/audio-conversion-status?format=wav`,
      { token: session.token },
    );
    if (body.data.conversionStatus === "COMPLETED") return (performance.now() - start) / 1000;
    if (body.data.conversionStatus === "FAILED") throw new Error("conversion failed");
    await Bun.sleep(20);
  }
}

const bareWav = await best(3, async () => ffmpeg(["-i", source, "-c:a", "pcm_s16le", join(WORK, "bare.wav")]));
const bare = Bun.serve({ port: 0, fetch: () => new Response(Bun.file(source)) });
const server = await startServer({ env: { FREE_QUOTA_SECONDS: "1000000" } });
try {
  const session = await signUp(server);
  // Three tracks, so the conversion is a best of three like the bare encode.
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(await upload(server, session));
  for (const trackId of ids) await processed(server, session, trackId);
  const conversions = [...ids];
  const conversion = await best(3, () => convertToWav(server, session, conversions.shift() as string));
  const id = ids[0] as string;
  const auth = { authorization: `Bearer ${session.token}` };
  const bareDownload = await best(3, () => download(`http://localhost:${bare.port}/`));
  const stemmaDownload = await best(3, () => download(`${server.url}/api/track/${id}/original?attachment`, auth));

  const conversionRatio = conversion / bareWav;
  const downloadRatio = stemmaDownload / bareDownload;
  console.log(`5-min FLAC → WAV: bare ffmpeg ${bareWav.toFixed(2)} s, stemma request → COMPLETED ${conversion.toFixed(2)} s`);
  console.log(`original download: bare Bun.serve ${bareDownload.toFixed(3)} s, stemma ${stemmaDownload.toFixed(3)} s`);
  console.log(`conversion / bare ffmpeg  = ${conversionRatio.toFixed(3)} (target ≤ 1.5)`);
  console.log(`download / bare Bun.serve = ${downloadRatio.toFixed(3)} (target ≤ 1.5)`);
  process.exitCode = conversionRatio <= 1.5 && downloadRatio <= 1.5 ? 0 : 1;
} finally {
  bare.stop(true);
  await server.stop();
}
