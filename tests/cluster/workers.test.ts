/**
 * Jobs across workers on the loopback cluster: two STEMMA_ROLE=worker processes (each with its own
 * bunqueue broker) share the queue in PostgreSQL, with 3 s leases so a dead worker's job moves quickly.
 */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { generateAudio } from "../support/generated-audio";
import type { TestServer } from "../support/server";
import { firstLicenseId, type UploadReply, waitProcessed } from "../support/uploads";

// DELETION_GRACE_SECONDS=4: the purge sweep's slot is one second.
const live = setUpCluster({
  workers: 2,
  env: { JOB_LEASE_SECONDS: "3", DELETION_GRACE_SECONDS: "4", FREE_QUOTA_SECONDS: "100000" },
});
let owner: Session;

beforeAll(async () => {
  await signUp(live.cluster);
  owner = await signUp(live.cluster);
});

/** The ids of the jobs `server` started, in order ("job started" log lines). */
const startedBy = (server: TestServer, job: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes('"message":"job started"') && line.includes(`"job":"${job}"`))
    .map((line) => (JSON.parse(line) as { id: string }).id);

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

test("each time slot's purge sweep runs once across the workers, whichever of them queued it", async () => {
  const workers = live.cluster.workers;
  const sweeps = () => workers.flatMap((server) => startedBy(server, "tracks.purge"));
  // Both workers queue every slot's sweep (one-second slots here); wait for several slots.
  await until("four sweep slots", () => (sweeps().length >= 4 ? true : undefined), 30_000);
  const ran = sweeps();
  expect(ran.every((id) => id.startsWith("tracks.purge:"))).toBe(true);
  expect(new Set(ran).size).toBe(ran.length);
}, 60_000);

test("a worker SIGKILLed mid-job loses nothing: the other worker runs the job once its lease has expired", async () => {
  // Two minutes of tone: its MP3 takes a while to encode, so the kill lands mid-job. Runs last: s3rver keeps the
  // half-written object of the killed worker in place, which breaks later listings of the bucket (real S3 cannot).
  const form = new FormData();
  const data = { title: "Survivor", primaryArtistName: "Tone", licenseId: await firstLicenseId(live.cluster) };
  form.set("data", JSON.stringify(data));
  const audio = generateAudio("sine=frequency=330:duration=120:sample_rate=44100", ["-c:a", "flac", "-f", "flac"]);
  form.set("original", new Blob([audio]), "survivor.flac");
  const uploaded = await call<UploadReply>(live.cluster, "POST", "/track", { token: owner.token, body: form });
  expect(uploaded.status).toBe(201);
  const jobId = `track-process-${uploaded.body.id}`;

  const [first, second] = live.cluster.workers as [TestServer, TestServer];
  const taker = await until("a worker to start the job", () =>
    [first, second].find((worker) => startedBy(worker, "track.process").includes(jobId)),
  );
  await taker.kill();
  const survivor = taker === first ? second : first;

  const track = await waitProcessed(live.cluster, owner, uploaded.body.id, 120_000);
  expect(track.processingStatus).toBe("READY");
  expect(startedBy(survivor, "track.process")).toContain(jobId);
  const mp3 = await fetch(`${live.cluster.url}/api/track/${track.id}/full.mp3`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(mp3.status).toBe(200);
  expect((await mp3.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
}, 180_000);
