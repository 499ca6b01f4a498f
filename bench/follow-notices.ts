/**
 * A new public track tells every follower of its artist (modules/follows), in one queued job: the upload must answer
 * as fast with 10,000 followers as with none. Uploads the same tiny WAV as an artist without followers and as one
 * with FOLLOWERS (inserted straight into the database), in turns, each timed to its answer while its own job starts;
 * between turns it waits for the job to have told everyone, and times that too. Goal: the median answer with
 * followers within 1.5× of the median without. Prints a table (docs/performance.md gets it between its bench:follow-notices
 * markers); exits 1 when the goal is missed.
 * Run: bun bench/follow-notices.ts (UPLOADS=… per artist, FOLLOWERS=…). Needs the Astro build.
 */
import { rmSync } from "node:fs";
import { call, signUp } from "../tests/support/api";
import { countRows } from "../tests/support/database-rows";
import { insertFollowers } from "../tests/support/followers";
import { startServer } from "../tests/support/server";
import { TINY_WAV, upload } from "../tests/support/uploads";
import { type Row, writePerformanceTable } from "./support/report";

const UPLOADS = Number(process.env.UPLOADS ?? 15);
const FOLLOWERS = Number(process.env.FOLLOWERS ?? 10_000);
const GOAL_RATIO = 1.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const server = await startServer();
try {
  await signUp(server); // the first account is the ADMIN
  const quiet = await signUp(server);
  const star = await signUp(server);
  await insertFollowers(server, star.user.id, FOLLOWERS, "bench");

  /** One upload's answer time in ms; with `told`, waits for the job to have told that many and returns that time too. */
  async function timedUpload(session: typeof quiet, told: number): Promise<{ answer: number; notices: number }> {
    const started = performance.now();
    const res = await upload(server, session, { original: TINY_WAV, data: { title: "Bench", isPublic: true } });
    const answer = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
    const link = `/track/${res.body.id}`;
    while (told && (await countRows(server, "notifications", "type = 'new-track' and link = ?", link)) < told)
      await Bun.sleep(20);
    return { answer, notices: performance.now() - started };
  }

  // One of each first, untimed: the first upload warms ffmpeg, the statements and the queue.
  await timedUpload(quiet, 0);
  await timedUpload(star, FOLLOWERS);
  const without: number[] = [];
  const withFollowers: number[] = [];
  const allTold: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    without.push((await timedUpload(quiet, 0)).answer);
    const timed = await timedUpload(star, FOLLOWERS);
    withFollowers.push(timed.answer);
    allTold.push(timed.notices);
  }
  const ratio = median(withFollowers) / median(without);
  const rows: Row[] = [
    {
      measure: `upload answer, artist with ${FOLLOWERS.toLocaleString("en")} followers (median of ${UPLOADS})`,
      stemma: `${median(withFollowers).toFixed(1)} ms`,
      baseline: `${median(without).toFixed(1)} ms without followers`,
      ratio: `${ratio.toFixed(2)}×`,
      goal: `≤ ${GOAL_RATIO}×`,
      pass: ratio <= GOAL_RATIO,
    },
    {
      measure: `every follower told (upload to the last notification, median)`,
      stemma: `${median(allTold).toFixed(0)} ms`,
      baseline: "-",
      ratio: "-",
      goal: "-",
      pass: true,
    },
  ];
  writePerformanceTable("follow-notices", rows, `${FOLLOWERS.toLocaleString("en")} followers, ${UPLOADS} uploads each`);
  const health = await call(server, "GET", "/health");
  if (health.status !== 200) throw new Error("the server is unwell after the bench");
  process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
