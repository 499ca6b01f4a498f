/**
 * Conversions survive crashes: kill -9 right after a start, and rows a crash left IN_PROGRESS with no
 * job (the window between the claim and the enqueue) are finished by the next boot, or end FAILED.
 */
import { beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { replaceStored, stagedFiles, storedKeys } from "../../tests/support/stored-files";
import { CORPUS, decodedSampleCount, uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";
import type { StatusReply } from "./model";

const FLAC = "real-audio/audio-lena.flac";

// On a cluster a killed worker's job moves to another once its lease is over: a short one keeps the wait short.
const live = setUpServer({ env: { JOB_LEASE_SECONDS: "5" } });
let owner: Session;
let flacTrack: TrackDetails;
let brokenTrack: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  flacTrack = await uploadTrack(live.server, owner, { original: FLAC, originalFormat: "flac" });
  brokenTrack = await uploadTrack(live.server, owner, {
    original: "real-audio/hydrogen-808_Cymbal.flac",
    originalFormat: "flac",
  });
}, 60_000);

const conversionStatus = async (track: TrackDetails, format: string) =>
  (
    await call<StatusReply>(live.server, "GET", `/track/${track.id}/audio-conversion-status?format=${format}`, {
      token: owner.token,
    })
  ).body.data.conversionStatus;

async function pollUntilSettled(track: TrackDetails, format: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const status = await conversionStatus(track, format);
    if (status === "COMPLETED" || status === "FAILED") return status;
    await Bun.sleep(100);
  }
  throw new Error("conversion did not settle");
}

/**
 * Claims conversions in the stopped server's database through the module's own repo, as a crash
 * between claim and enqueue leaves them: IN_PROGRESS with no job. A separate process, with a runtime of its own on
 * the server's DATA_DIR (or DATABASE_URL), as a script would.
 */
function claimWithoutJob(claims: Array<{ trackId: string; format: string }>): void {
  const code = `import { conversionsRepo } from ${JSON.stringify(join(import.meta.dir, "repo.ts"))};
import { startRuntime } from ${JSON.stringify(join(import.meta.dir, "../../src/server/open-runtime.ts"))};
await startRuntime({ queue: false });
for (const { trackId, format } of ${JSON.stringify(claims)}) {
  if ((await conversionsRepo.claim(trackId, "full", format))?.status !== "IN_PROGRESS") throw new Error("not claimed");
}`;
  const env = { ...process.env, DATA_DIR: live.server.dataDir, DATABASE_URL: live.server.databaseUrl ?? "" };
  const run = Bun.spawnSync(["bun", "-e", code], { env, stderr: "pipe" });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
}

async function downloadedSamples(track: TrackDetails, format: string) {
  const response = await fetch(`${live.server.url}/api/track/${track.id}/full.${format}?attachment`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  const file = join(live.server.dataDir, `download-${track.id}.${format}`);
  await Bun.write(file, await response.arrayBuffer());
  return decodedSampleCount(file);
}

/**
 * Nothing half-written is left: no store temp files, empty staging folders (each process's, on a cluster). A second
 * run of the same conversion (service.ts: a job recovered twice) may still be encoding after the first
 * completed (seen once on the cluster); it removes its folder as it ends, which is waited for (at most 30 s).
 */
async function expectNoOrphans(): Promise<void> {
  expect((await storedKeys(live.server)).filter((key) => key.startsWith(".partial/"))).toEqual([]);
  for (const deadline = Date.now() + 30_000; stagedFiles(live.server).length > 0 && Date.now() < deadline; ) await Bun.sleep(200);
  expect(stagedFiles(live.server)).toEqual([]);
}

test("kill -9 right after a conversion starts: the restarted server completes it, every sample there", async () => {
  const start = await call(live.server, "POST", `/track/${flacTrack.id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "wav" },
  });
  expect(start.body).toEqual({ status: "success" });
  await live.server.kill();

  await live.restartServer();
  expect(await pollUntilSettled(flacTrack, "wav")).toBe("COMPLETED");
  const reference = await decodedSampleCount(join(CORPUS, FLAC));
  expect(await downloadedSamples(flacTrack, "wav")).toEqual({ samples: reference.samples, codec: "pcm_s16le" });
  await expectNoOrphans();
}, 60_000);

test("boot gives IN_PROGRESS conversions without a job their job back; one that cannot be read ends FAILED", async () => {
  await live.server.stop({ keepData: true });
  claimWithoutJob([
    { trackId: flacTrack.id, format: "flac" },
    { trackId: brokenTrack.id, format: "wav" },
  ]);
  // The broken track's stored original was lost in the crash too: its conversion must fail, not hang.
  await replaceStored(live.server, `tracks/${brokenTrack.id}/original.flac`, new Uint8Array());

  await live.restartServer();
  expect(await pollUntilSettled(flacTrack, "flac")).toBe("COMPLETED");
  expect(await pollUntilSettled(brokenTrack, "wav")).toBe("FAILED");
  const reference = await decodedSampleCount(join(CORPUS, FLAC));
  expect(await downloadedSamples(flacTrack, "flac")).toEqual({ samples: reference.samples, codec: "flac" });
  expect(live.server.output()).toContain("re-queued conversions still in progress");
  await expectNoOrphans();

  // FAILED is not a dead end: asking again starts a new run (which fails again on this audio).
  const again = await call(live.server, "POST", `/track/${brokenTrack.id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "wav" },
  });
  expect(again.body).toEqual({ status: "success" });
  expect(await pollUntilSettled(brokenTrack, "wav")).toBe("FAILED");
}, 60_000);
