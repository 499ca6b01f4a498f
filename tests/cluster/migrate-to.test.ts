/**
 * `npm run migrate-to`: a real embedded install (the server, real uploads processed by ffmpeg, a fork, a
 * conversion, notifications) copied into a throwaway PostgreSQL and an S3-compatible server, checked
 * independently of the command's own verification, resumed after a kill, and refused where it must be.
 */

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client, SQL } from "bun";
import type { TrackDetails } from "../../modules/tracks/model";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres";
import { call } from "../support/api";
import {
  buildEmbeddedInstall,
  type EmbeddedInstall,
  filesOf,
  mediaOf,
  migrateTo,
  postgresCounts,
  sqliteCounts,
} from "../support/migration";
import type { ScriptRun } from "../support/run-script";
import { s3Credentials, startS3Server, type TestS3Server } from "../support/s3-server";
import { startSingleServer } from "../support/server";

let dataDir: string;
let sourceFiles: Map<string, string>;
let postgres: ThrowawayPostgres;
let s3: TestS3Server;
let owner: EmbeddedInstall["owner"];
let trackId: string;
let fresh = 0;

/** Runs the command against the test's S3 server (its keys; the bucket is in the storage URL). */
const migrate = (args: string[], options: { env?: Record<string, string>; killWhen?: RegExp } = {}) =>
  migrateTo(args, { ...s3.env, S3_BUCKET: "", ...options.env }, options.killWhen);

/** A new empty database in the throwaway cluster. */
const freshDatabase = () => postgres.createDatabase(`migrated_${++fresh}`);

const bucket = () => new S3Client({ ...s3Credentials(s3), bucket: s3.bucket });

async function emptyBucket(): Promise<void> {
  for (const object of (await bucket().list()).contents ?? []) await bucket().delete(object.key);
}

beforeAll(async () => {
  ({ dataDir, owner, trackId } = await buildEmbeddedInstall());
  sourceFiles = await filesOf(dataDir);
  [postgres, s3] = await Promise.all([startThrowawayPostgres(), startS3Server()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([postgres?.stop(), s3?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const storageUrl = () => `s3://${s3.bucket}`;
const args = (database: string) => [database, storageUrl(), "--data-dir", dataDir];

describe("refusals before anything is copied", () => {
  test.each([
    [[], "exactly two arguments"],
    [["postgres://h/db"], "exactly two arguments"],
    [["mysql://h/db", "s3://media"], "database URL must look like"],
    [["postgres://h/db", "media-folder"], "storage URL must look like"],
    [["postgres://h/db", "s3://media", "--force"], "Unknown option --force"],
  ])("%p: usage and exit 2", async (given, message) => {
    const run = await migrate(given as string[]);
    expect(run.code).toBe(2);
    expect(run.out).toContain(message);
    expect(run.out).toContain("Usage: npm run migrate-to -- <database url> <storage url>");
  });

  test("missing bucket keys: usage and exit 2", async () => {
    const run = await migrate(["postgres://h/db", "s3://media"], { env: { S3_ACCESS_KEY_ID: "" } });
    expect([run.code, run.out.includes("Set S3_ACCESS_KEY_ID")]).toEqual([2, true]);
  });

  test("a data folder without an install, an unreachable database, a bucket that is not there: exit 1, saying which", async () => {
    const empty = mkdtempSync(join(tmpdir(), "stemma-empty-"));
    const noInstall = await migrate([postgres.url, storageUrl(), "--data-dir", empty]);
    expect([noInstall.code, noInstall.out]).toEqual([1, expect.stringContaining(`No embedded install at ${empty}`)]);
    rmSync(empty, { recursive: true });
    const closed = postgres.url.replace(/:\d+\//, ":1/").replace("postgres@", "postgres:hunter2@");
    const noDatabase = await migrate(args(closed));
    expect([noDatabase.code, noDatabase.out]).toEqual([
      1,
      expect.stringContaining("Cannot reach the database at postgres://postgres:***@127.0.0.1:1/"),
    ]);
    expect(noDatabase.out).not.toContain("hunter2"); // a password never reaches the terminal or logs
    const noBucket = await migrate([postgres.url, "s3://no-such-bucket", "--data-dir", dataDir]);
    expect([noBucket.code, noBucket.out]).toEqual([1, expect.stringContaining('S3 bucket "no-such-bucket"')]);
  });

  test("a server running on the install: exit 1", async () => {
    const copy = mkdtempSync(join(tmpdir(), "stemma-running-"));
    cpSync(dataDir, copy, { recursive: true });
    const holder = Bun.spawn(["tail", "-f", join(copy, "stemma.db")], { stdout: "ignore" }); // holds it open, as the server does
    try {
      const run = await migrate([postgres.url, storageUrl(), "--data-dir", copy]);
      expect([run.code, run.out]).toEqual([
        1,
        expect.stringContaining(`The server seems to be running on ${copy} (process ${holder.pid}`),
      ]);
    } finally {
      holder.kill();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("a full copy", () => {
  let database: string;
  let first: ScriptRun;
  beforeAll(async () => {
    database = await freshDatabase();
    first = await migrate(args(database));
  }, 120_000);

  test("copies every table and file, verifies them, and says so", async () => {
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/Verified: \d+ tables \(row counts and SHA-256\) and \d+ files \(SHA-256\) match\./);
    // The list-version row the PostgreSQL migrations seed is the source's, which uploads have moved on.
    expect(first.out).toContain("table list_versions: 1 row(s) as the migrations seeded them set to the source's");
    const counts = sqliteCounts(dataDir);
    expect(counts.stems).toBe(4); // two stems, and the fork's two
    expect(counts.conversions).toBe(1);
    expect(counts.notifications).toBeGreaterThanOrEqual(2); // the fork told the owner; early access told the admin
    expect(await postgresCounts(database, Object.keys(counts))).toEqual(counts);
  });

  test("rows keep their values, typed for PostgreSQL", async () => {
    const sql = new SQL(database);
    const [user] = await sql`SELECT email, password_hash FROM users WHERE id = ${owner.user.id}`;
    const [track] = await sql`SELECT title, is_public, page_version FROM tracks WHERE id = ${trackId}`;
    await sql.close();
    const folder = mkdtempSync(join(tmpdir(), "stemma-source-"));
    cpSync(join(dataDir, "stemma.db"), join(folder, "stemma.db"));
    const source = new Database(join(folder, "stemma.db"));
    const sourceUser = source.query("SELECT email, password_hash FROM users WHERE id = ?").get(owner.user.id);
    const sourceTrack = source
      .query<{ page_version: number }, [string]>("SELECT page_version FROM tracks WHERE id = ?")
      .get(trackId);
    source.close();
    rmSync(folder, { recursive: true, force: true });
    expect(user).toEqual(sourceUser);
    // Copying the stems must not have raised the page version (the target's triggers stay off for copied rows).
    expect(track).toEqual({ title: "Undertow Café", is_public: true, page_version: sourceTrack?.page_version });
  });

  test("every media file is in the bucket with the same bytes", async () => {
    const media = await mediaOf(dataDir);
    expect(media.size).toBeGreaterThanOrEqual(10);
    const stored = new Map<string, string>();
    for (const object of (await bucket().list()).contents ?? []) {
      const hasher = new Bun.CryptoHasher("sha256");
      hasher.update(await bucket().file(object.key).bytes());
      stored.set(object.key, hasher.digest("hex"));
    }
    expect(stored).toEqual(media);
  });

  test("the source is byte for byte what it was", async () => {
    expect(await filesOf(dataDir)).toEqual(sourceFiles);
  });

  test("a second run copies nothing and verifies again", async () => {
    // As an operator would who has already exported the new instances' settings.
    const again = await migrate(args(database), { env: { DATABASE_URL: database, S3_BUCKET: s3.bucket } });
    expect(again.code, again.out).toBe(0);
    expect(again.out).not.toMatch(/table \w+: [1-9]\d* row\(s\) copied/);
    expect(again.out).toMatch(/media: 0 uploaded/);
    expect(again.out).not.toContain("as the migrations seeded them");
    expect(again.out).toContain("Verified:");
  });

  test("a copy missing rows and objects (cut short) is completed by the next run", async () => {
    const sql = new SQL(database);
    await sql`DELETE FROM notifications WHERE id = (SELECT min(id) FROM notifications)`;
    await sql.close();
    const [someKey] = (await mediaOf(dataDir)).keys();
    await bucket().delete(someKey as string);
    const resumed = await migrate(args(database));
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toContain("table notifications: 1 row(s) copied");
    expect(resumed.out).toContain("media: 1 uploaded");
    expect(resumed.out).toContain("Verified:");
  });

  test("an object with the right size but other bytes fails the verification, naming it", async () => {
    const [key] = (await mediaOf(dataDir)).keys();
    const original = await Bun.file(join(dataDir, "media", key as string)).bytes();
    await bucket().write(
      key as string,
      original.map((byte) => byte ^ 1),
    );
    const corrupt = await migrate(args(database));
    await bucket().write(key as string, original);
    expect(corrupt.code).toBe(1);
    expect(corrupt.out).toContain(`Verification FAILED:\n  media ${key}: SHA-256`);
  });

  test("a target holding other data is refused before anything is written", async () => {
    const sql = new SQL(database);
    await sql`UPDATE users SET username = 'someone_else' WHERE id = ${owner.user.id}`;
    const changed = await migrate(args(database));
    await sql`UPDATE users SET username = ${owner.user.username} WHERE id = ${owner.user.id}`;
    await sql.close();
    expect(changed.code).toBe(1);
    expect(changed.out).toContain("The target already holds different data");
    expect(changed.out).toContain(`users (id=${owner.user.id}) differs from the source`);

    await bucket().write("tracks/elsewhere/full.mp3", "not ours");
    const extra = await migrate(args(database));
    await bucket().delete("tracks/elsewhere/full.mp3");
    expect([extra.code, extra.out]).toEqual([
      1,
      expect.stringContaining("s3 object tracks/elsewhere/full.mp3 is not in DATA_DIR/media"),
    ]);
  });

  test("the server boots on the copy: the user signs in, plays and downloads the track", async () => {
    const server = await startSingleServer({ env: { DATABASE_URL: database, ...s3.env } });
    try {
      const login = await call<{ token: string }>(server, "POST", "/auth/login", {
        body: { email: owner.user.email, password: owner.password },
      });
      expect(login.status).toBe(200);
      const track = await call<TrackDetails>(server, "GET", `/track/${trackId}`, { token: login.body.token });
      expect([track.status, track.body.title, track.body.stems.length]).toEqual([200, "Undertow Café", 2]);
      const local = (name: string) => Bun.file(join(dataDir, "media", "tracks", trackId, name)).bytes();
      const get = (path: string) =>
        fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${login.body.token}` } });
      const played = await get(`/track/${trackId}/full.mp3`);
      expect(played.status).toBe(200);
      expect(await played.bytes()).toEqual(await local("original.stream.mp3"));
      const downloaded = await get(`/track/${trackId}/original?attachment`);
      expect(downloaded.status).toBe(200);
      expect(await downloaded.bytes()).toEqual(await local("original.wav"));
    } finally {
      await server.stop();
    }
    // Last: from here on the target is live (a download counted), and a late re-run must not mix the two.
    const late = await migrate(args(database));
    expect([late.code, late.out]).toEqual([1, expect.stringContaining(`tracks (id=${trackId}) differs from the source`)]);
  }, 60_000);
});

test("a run killed midway finishes when run again", async () => {
  await emptyBucket();
  const database = await freshDatabase();
  const killed = await migrate(args(database), { killWhen: /table \w+: \d+ row\(s\) copied/ });
  expect(killed.code).toBeNull(); // killed, not finished
  expect(killed.out).not.toContain("Verified");
  const resumed = await migrate(args(database));
  expect(resumed.code, resumed.out).toBe(0);
  expect(resumed.out).toContain("Verified:");
  expect(await postgresCounts(database, Object.keys(sqliteCounts(dataDir)))).toEqual(sqliteCounts(dataDir));
  expect(await filesOf(dataDir)).toEqual(sourceFiles);
}, 120_000);
