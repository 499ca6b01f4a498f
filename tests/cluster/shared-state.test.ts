/**
 * Scale-out on the loopback cluster (tests/support/cluster.ts): two STEMMA_ROLE=api instances and one
 * worker that booted together on an empty PostgreSQL database, sharing it and one bucket. Nothing one
 * instance does may depend on which instance a later request reaches.
 */
import { beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { TrackDetails } from "../../modules/tracks/model";
import { call, type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { waitForConversion } from "../support/conversions";
import { createTrack, upload, uploadForm, waitForProcessing } from "../support/uploads";

const live = setUpCluster({ env: { FREE_QUOTA_SECONDS: "10" } });
let owner: Session;

beforeAll(async () => {
  await signUp(live.cluster); // the first account is the ADMIN; these tests are about ordinary users
  owner = await signUp(live.cluster);
});

const [instanceA, instanceB] = [() => live.cluster.apis[0], () => live.cluster.apis[1]];
const jobsStarted = (output: string) => output.split("\n").filter((line) => line.includes('"message":"job started"'));

test("three processes booting at once on an empty database applied each migration exactly once", async () => {
  const journal = (await Bun.file(join(import.meta.dir, "../../migrations/pg/meta/_journal.json")).json()) as {
    entries: Array<{ tag: string }>;
  };
  const sql = new Bun.SQL(live.cluster.databaseUrl as string);
  try {
    const applied = await sql`select hash from drizzle.__drizzle_migrations`;
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row: { hash: string }) => row.hash)).size).toBe(journal.entries.length);
  } finally {
    await sql.close();
  }
  for (const server of [...live.cluster.apis, ...live.cluster.workers]) {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }
});

test("a session signed in on one instance is good on the other", async () => {
  const session = await signUp(instanceA());
  const me = await call<{ id: string }>(instanceB(), "GET", "/auth/me", { token: session.token });
  expect([me.status, me.body.id]).toEqual([200, session.user.id]);
});

test("the worker answers only its health check: pages and the API are the API instances' job", async () => {
  const worker = live.cluster.workers[0];
  expect((await fetch(`${worker?.url}/api/health`)).status).toBe(200);
  for (const path of ["/api/tracks", "/api/licenses", "/"]) expect((await fetch(`${worker?.url}${path}`)).status).toBe(404);
});

test("bodies refused before they are read get their answer through nginx, not a reset connection", async () => {
  // A visitor's upload is a 401 at once, a multi-MB body on a JSON route a 413; nginx streams the rest of the body on
  // (deploy/nginx.conf), and an instance that answered with it unread had clients see ECONNRESET about once in 80.
  const form = await uploadForm(live.cluster, { original: "stems/Nova Drift - Undertow (full mix).wav" });
  const answers = new Map<string, number>();
  for (const [method, path] of [
    ["POST", "/api/track"],
    ["PATCH", "/api/track/abc"],
  ] as const) {
    for (let attempt = 0; attempt < 150; attempt++) {
      const answer = await fetch(`${live.cluster.url}${path}`, { method, body: form }).then(
        async (res) => `${method} ${res.status} ${(await res.json()).message}`,
        (error: Error & { code?: string }) => `${method} ${error.code ?? error.message}`,
      );
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
  }
  expect(Object.fromEntries(answers)).toEqual({
    "POST 401 Authentication required": 150,
    "PATCH 413 The request body is larger than 1.0 MB": 150,
  });
});

test("an avatar refused, or a username taken, gets its answer through nginx", async () => {
  // The avatar route streams its body like an upload: without a session a 401 at once, over 10 MB a 413.
  const session = await signUp(live.cluster);
  const form = new FormData();
  form.set("avatar", new Blob([new Uint8Array(11 * 1024 * 1024)]), "portrait.png");
  const answers = new Map<string, number>();
  for (const headers of [{}, { authorization: `Bearer ${session.token}` }] as Record<string, string>[]) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await fetch(`${live.cluster.url}/api/auth/me/avatar`, { method: "PUT", headers, body: form }).then(
        async (res) => `${res.status} ${(await res.json()).message}`,
        (error: Error & { code?: string }) => error.code ?? error.message,
      );
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
  }
  expect(Object.fromEntries(answers)).toEqual({
    "401 Authentication required": 30,
    "413 The upload is larger than the 10.0 MB limit": 30,
  });
  const taken = await call<{ message: string }>(live.cluster, "PATCH", "/auth/me", {
    token: session.token,
    body: { username: owner.user.username.toUpperCase() },
  });
  expect([taken.status, taken.body.message]).toEqual([409, "This username is already taken"]);
});

test("an upload on instance A is processed by the worker, then played, downloaded and converted through instance B", async () => {
  const id = await createTrack(instanceA(), owner.token, {
    original: "real-audio/alsa-Front_Center.wav",
    data: { title: "Across Instances" },
  });
  const track = await waitForProcessing<TrackDetails>(instanceB(), owner.token, id);
  expect(track.processingStatus).toBe("READY");
  // The worker ran the job; the API instances never run jobs (STEMMA_ROLE=api).
  expect(jobsStarted(live.cluster.workers[0]?.output() ?? "").some((line) => line.includes(`track-process-${id}`))).toBe(true);
  expect(live.cluster.apis.flatMap((api) => jobsStarted(api.output()))).toEqual([]);

  const media = (path: string) =>
    fetch(`${instanceB().url}/api/track/${id}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
  const mp3 = await media("/full.mp3");
  expect([mp3.status, mp3.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
  expect((await mp3.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  const original = await media("/original?attachment");
  expect(original.status).toBe(200);
  expect(new TextDecoder().decode((await original.bytes()).slice(0, 4))).toBe("RIFF");

  const start = await call(instanceB(), "POST", `/track/${id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "flac" },
  });
  expect(start.status).toBeLessThan(300);
  // Converted by the worker, its status read through instance A.
  expect(await waitForConversion(instanceA(), owner.token, id, "flac")).toBe("COMPLETED");
  expect(new TextDecoder().decode((await (await media("/full.flac?attachment")).bytes()).slice(0, 4))).toBe("fLaC");
}, 90_000);

test("20 concurrent uploads at the quota limit, spread over both instances by nginx, never overshoot", async () => {
  // alsa-Front_Center.wav decodes to 1.4285 s: seven fit in the 10 s quota, the eighth would not.
  const session = await signUp(live.cluster);
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => upload(live.cluster, session, { original: "real-audio/alsa-Front_Center.wav" })),
  );
  const kept = replies.filter((reply) => reply.status === 201);
  expect(kept).toHaveLength(7);
  for (const reply of replies.filter((reply) => reply.status !== 201)) {
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe("This upload needs 2s of storage but only 0s of your 10s quota is left");
  }
  const quota = await call<{ currentUsedQuotaSeconds: number; isOverQuota: boolean }>(live.cluster, "GET", "/storage/quota", {
    token: session.token,
  });
  expect(quota.body.isOverQuota).toBe(false);
  expect(quota.body.currentUsedQuotaSeconds).toBeCloseTo(7 * 1.4285, 2);
}, 120_000);
