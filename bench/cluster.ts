/**
 * The cluster (PostgreSQL, an S3 server, two API instances and a worker behind nginx, as
 * tests/support/cluster.ts starts them on loopback) against the embedded server, one after the other:
 * the public list's throughput under wrk, and uploads from POST to processed, in tracks per minute.
 * Prints a table and writes it into docs/performance.md between the bench:cluster markers. No goal: the ratios are
 * reported, and the bench fails only on errors. On a 2-core machine the cluster's processes share the cores
 * the one embedded server has, so this measures the price of scale-out's moving parts, not its gain.
 * Run: bun bench/cluster.ts (SECONDS=… per wrk run, UPLOADS=… uploads, AT_ONCE=… of them in flight,
 * TRACKS=… public tracks the list is measured over). Needs the Astro build.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signUp } from "../tests/support/api";
import { startCluster } from "../tests/support/cluster";
import { generateAudio } from "../tests/support/generated-audio";
import { startSingleServer, type TestServer } from "../tests/support/server";
import { stopSharedPostgres } from "../tests/support/test-database";
import { createTrack, waitProcessed } from "../tests/support/uploads";
import { copyTrack, type DatabaseAt } from "./support/copy-tracks";
import { markdownTable, writePerformanceSection } from "./support/report";
import { ensureTools, wrk } from "./support/tools";

const SECONDS = Number(process.env.SECONDS ?? 10);
const UPLOADS = Number(process.env.UPLOADS ?? 20);
const AT_ONCE = Number(process.env.AT_ONCE ?? 4);
const TRACKS = Number(process.env.TRACKS ?? 300);
const CONNECTIONS = 64;
const LIST = "/api/tracks/public?limit=20";

interface Figures {
  listPerSecond: number;
  listP99Ms: number;
  tracksPerMinute: number;
}

ensureTools();
const work = mkdtempSync(join(tmpdir(), "stemma-bench-cluster-"));
const wav = join(work, "short.wav");
writeFileSync(wav, generateAudio("sine=frequency=440:duration=5", ["-ac", "2", "-f", "wav"]));
const env = { FREE_QUOTA_SECONDS: "1000000" };

try {
  const embeddedServer = await startSingleServer({ env });
  const embedded = await measure(embeddedServer, { sqlitePath: join(embeddedServer.dataDir, "stemma.db") });
  const clusterServer = await startCluster({ env });
  const cluster = await measure(clusterServer, { postgresUrl: clusterServer.databaseUrl as string });
  const ratio = (ours: number, theirs: number) => `${(ours / theirs).toFixed(2)}×`;
  const table = markdownTable(
    ["Measure", "Embedded", "Cluster", "Cluster / embedded"],
    [
      [
        `\`${LIST}\`, ${TRACKS} public tracks, ${CONNECTIONS} connections`,
        `${embedded.listPerSecond.toFixed(0)} req/s, p99 ${embedded.listP99Ms.toFixed(1)} ms`,
        `${cluster.listPerSecond.toFixed(0)} req/s, p99 ${cluster.listP99Ms.toFixed(1)} ms`,
        ratio(cluster.listPerSecond, embedded.listPerSecond),
      ],
      [
        `${UPLOADS} uploads of a 5 s WAV, ${AT_ONCE} at once, POST → processed`,
        `${embedded.tracksPerMinute.toFixed(0)} tracks/min`,
        `${cluster.tracksPerMinute.toFixed(0)} tracks/min`,
        ratio(cluster.tracksPerMinute, embedded.tracksPerMinute),
      ],
    ],
  );
  const when = new Date().toISOString().slice(0, 10);
  writePerformanceSection("cluster", `${table}\n\n\`bun bench/cluster.ts\`, ${when}, 2-core machine.`);
} finally {
  await stopSharedPostgres();
  rmSync(work, { recursive: true, force: true });
}

/** Uploads first (their first READY track is the template the list's tracks are copied from), then the list. */
async function measure(server: TestServer & { stop(): Promise<void> }, database: DatabaseAt): Promise<Figures> {
  try {
    const owner = await signUp(server);
    const tracksPerMinute = await uploadThroughput(server, owner.token);
    const template = await createTrack(server, owner.token, {
      original: wav,
      data: { title: "Listed", primaryArtistName: "Bench", isPublic: true },
    });
    await waitProcessed(server, owner, template);
    await copyTrack(database, template, Math.max(0, TRACKS - UPLOADS - 1));
    const list = await wrk(`${server.url}${LIST}`, { connections: CONNECTIONS, seconds: SECONDS });
    if (list.errors > 0) {
      const logged = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"level":"error"'));
      throw new Error(`${server.url}${LIST} answered ${list.errors} errors; the server logged:\n${logged.join("\n")}`);
    }
    return { listPerSecond: list.requestsPerSecond, listP99Ms: list.p99Ms, tracksPerMinute };
  } finally {
    await server.stop();
  }
}

/** UPLOADS uploads, AT_ONCE in flight, each from its POST to READY; a failed one fails the bench. */
async function uploadThroughput(server: TestServer, token: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < UPLOADS) {
      const id = await createTrack(server, token, {
        original: wav,
        data: { title: `Upload ${next++}`, primaryArtistName: "Bench", isPublic: true },
      });
      const track = await waitProcessed(server, { token }, id);
      if (track.processingStatus !== "READY") throw new Error(`upload ${id} ended ${track.processingStatus}`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return UPLOADS / ((performance.now() - started) / 60_000);
}
