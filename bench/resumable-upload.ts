import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signUp } from "../tests/support/api";
import { writeNoiseWav } from "../tests/support/noise-wav";
import { startSingleServer } from "../tests/support/server";
import { TUS } from "../tests/support/tus";

/**
 * A resumable upload of TUS_BENCH_GB (default 2) through /api/uploads against one plain multipart POST /api/track of
 * the same file, both over loopback in one run: the tus upload must keep the server's resident memory within 50 MB
 * of idle and reach at least 80 % of the multipart request's throughput. The tus client sends the file as
 * tus-js-client does by default (one PATCH for all of it); the multipart request's `data` lacks a title, so the
 * server reads and stages the whole body and then refuses it, and only the transfer is timed, not a decode.
 */
const BYTES = Math.round(Number(process.env.TUS_BENCH_GB ?? 2) * 2 ** 30);
const MAX_GROWTH_BYTES = 50 * 2 ** 20;
const MIN_RATIO = 0.8;

const residentBytes = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m)?.[1] ?? 0) * 1024;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

const folder = mkdtempSync(join(tmpdir(), "stemma-bench-tus-"));
const wav = join(folder, "take.wav");
await writeNoiseWav(wav, BYTES - 44);
const server = await startSingleServer({ env: { MAX_UPLOAD_MB: String(Math.ceil(BYTES / 2 ** 20) + 16) } });
try {
  const { token } = await signUp(server);
  const authorization = `Bearer ${token}`;
  const pid = server.proc.pid;

  /** Seconds `work` took, and the server's peak resident memory over its idle one meanwhile. */
  async function measured(work: () => Promise<void>) {
    Bun.gc(true);
    await Bun.sleep(500);
    const idle = residentBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 20);
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    return { seconds, idle, growth: peak - idle };
  }

  const multipart = await measured(async () => {
    const form = new FormData();
    form.set("data", JSON.stringify({}));
    form.set("original", Bun.file(wav), "take.wav");
    const res = await fetch(`${server.url}/api/track`, { method: "POST", headers: { authorization }, body: form });
    const { message } = (await res.json()) as { message: string };
    if (res.status !== 400 || !message.startsWith("Title")) throw new Error(`multipart: ${res.status} ${message}`);
  });

  const tus = await measured(async () => {
    const created = await fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { ...TUS, authorization, "upload-length": String(BYTES) },
    });
    const location = created.headers.get("location");
    if (created.status !== 201 || !location) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    const patched = await fetch(`${server.url}${location}`, {
      method: "PATCH",
      headers: { ...TUS, authorization, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: Bun.file(wav),
    });
    if (patched.status !== 204 || patched.headers.get("upload-offset") !== String(BYTES))
      throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
  });

  const rate = (run: { seconds: number }) => BYTES / run.seconds;
  const ratio = rate(tus) / rate(multipart);
  console.log(`resumable upload of ${mb(BYTES)} over loopback:`);
  console.log(
    `  multipart POST /api/track: ${multipart.seconds.toFixed(1)} s, ${mb(rate(multipart))}/s, memory +${mb(multipart.growth)}`,
  );
  console.log(
    `  tus /api/uploads:          ${tus.seconds.toFixed(1)} s, ${mb(rate(tus))}/s, memory ${mb(tus.idle)} idle +${mb(tus.growth)} ` +
      `(budget ${mb(MAX_GROWTH_BYTES)}); ${(ratio * 100).toFixed(0)} % of multipart's throughput (goal ${MIN_RATIO * 100} %)`,
  );
  process.exitCode = tus.growth <= MAX_GROWTH_BYTES && ratio >= MIN_RATIO ? 0 : 1;
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
}
