/**
 * `npm run backup` and `npm run restore` of a PostgreSQL install with media in a bucket: pg_dump in one exported
 * snapshot while the server runs, restored into an empty database and bucket and served again with the same
 * tracks, media bytes and sessions; refusals (no pg_dump, a target not empty, the wrong kind of target) and a
 * damaged object caught by restore's verification.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { S3Client } from "bun";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres";
import type { Manifest } from "../../src/server/backup/folder";
import { PG_DUMP_MISSING } from "../../src/server/backup/snapshot";
import { call, type Session, signUp } from "../support/api";
import { runBackupScript } from "../support/backup";
import type { ScriptRun } from "../support/run-script";
import { s3Credentials, startS3Server, type TestS3Server } from "../support/s3-server";
import { startSingleServer, type TestServer } from "../support/server";
import { uploadTrack } from "../support/test-tracks";

let postgres: ThrowawayPostgres;
let sourceBucket: TestS3Server;
let targetBucket: TestS3Server;
let server: TestServer;
let owner: Session;
let friend: Session;
let trackId: string;
let sharedId: string;
const backups = mkdtempSync(join(tmpdir(), "stemma-pg-backups-"));
let fresh = 0;

const withPgTools = () => `${postgres.bin}:${process.env.PATH}`;
const serverEnv = (database: string, s3: TestS3Server) => ({ DATABASE_URL: database, ...s3.env, S3_BUCKET: s3.bucket });
/** As an operator runs it: with the server's settings (its DATA_DIR holds the generated JWT secret). */
const backup = (env: Record<string, string> = {}) =>
  runBackupScript("backup", [backups], {
    ...serverEnv(server.databaseUrl as string, sourceBucket),
    DATA_DIR: server.dataDir,
    PATH: withPgTools(),
    ...env,
  });
const restore = (args: string[]): Promise<ScriptRun> =>
  runBackupScript("restore", args, { ...targetBucket.env, S3_BUCKET: "", PATH: withPgTools() });
const bucket = (s3: TestS3Server) => new S3Client({ ...s3Credentials(s3), bucket: s3.bucket });

async function emptyBucket(s3: TestS3Server): Promise<void> {
  for (const object of (await bucket(s3).list()).contents ?? []) await bucket(s3).delete(object.key);
}

beforeAll(async () => {
  [postgres, sourceBucket, targetBucket] = await Promise.all([startThrowawayPostgres(), startS3Server(), startS3Server()]);
  server = await startSingleServer({ env: serverEnv(await postgres.createDatabase("backed_up"), sourceBucket) });
  await signUp(server);
  owner = await signUp(server);
  friend = await signUp(server);
  trackId = (
    await uploadTrack(server, owner, { title: "On PostgreSQL", original: "real-audio/audio-lena.flac", originalFormat: "flac" })
  ).id;
  sharedId = (
    await uploadTrack(server, owner, {
      title: "Shared",
      original: "real-audio/hydrogen-808_Kick_Long.flac",
      originalFormat: "flac",
      isPublic: false,
    })
  ).id;
  expect(
    (await call(server, "POST", `/track/${sharedId}/share`, { token: owner.token, body: { userIds: [friend.user.id] } })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([postgres?.stop(), sourceBucket?.stop(), targetBucket?.stop()]);
  rmSync(backups, { recursive: true, force: true });
});

test("without pg_dump on PATH the backup stops, saying what to do", async () => {
  const run = await backup({ PATH: dirname(process.execPath) }); // bun alone: no PostgreSQL programs
  expect([run.code, run.out]).toEqual([1, expect.stringContaining(PG_DUMP_MISSING)]);
});

describe("a backup while the server serves, restored into an empty database and bucket", () => {
  let written: ScriptRun;
  let manifest: Manifest;
  let name: string;
  let restored: TestServer;
  let restoredRun: ScriptRun;

  beforeAll(async () => {
    const plays = Array.from({ length: 20 }, (_, i) =>
      call(server, "POST", `/track/${trackId}/usage`, {
        body: { eventType: "PLAY", playbackSource: "STREAM", duration: 30, anonymousId: `pg-listener-${i}` },
      }),
    );
    written = await backup();
    await Promise.all(plays);
    name = written.out.match(/Backup .*\/([^/\s]+) written/)?.[1] as string;
    manifest = JSON.parse(readFileSync(join(backups, name, "manifest.json"), "utf8"));
    const database = await postgres.createDatabase(`restored_${++fresh}`);
    restoredRun = await restore([backups, database, `s3://${targetBucket.bucket}`]);
    const secret = readFileSync(join(backups, name, "jwt-secret"), "utf8");
    restored = await startSingleServer({ env: { ...serverEnv(database, targetBucket), JWT_SECRET: secret } });
  }, 120_000);

  afterAll(() => restored?.stop());

  test("the backup is a pg_dump and every object, verified", () => {
    expect(written.code, written.out).toBe(0);
    expect(manifest.database).toMatchObject({ dialect: "postgresql", file: "stemma.dump" });
    expect(manifest.tables.find((table) => table.name === "track_shares")?.rows).toBe(1);
    expect(manifest.objects.length).toBeGreaterThanOrEqual(4); // two originals and their stream MP3s
  });

  test("restore verifies every table and object", () => {
    expect(restoredRun.code, restoredRun.out).toBe(0);
    expect(restoredRun.out).toMatch(/Verified: \d+ tables \(row counts and SHA-256\) and \d+ files \(SHA-256\) match\./);
    expect(restoredRun.out).toContain("Give every instance JWT_SECRET = the contents of");
  });

  test("the restored install serves the same tracks, shares, media bytes and sessions", async () => {
    const me = await call<{ id: string }>(restored, "GET", "/auth/me", { token: owner.token });
    expect([me.status, me.body.id]).toEqual([200, owner.user.id]);
    const shared = (on: TestServer) => call<{ title: string }>(on, "GET", `/track/${sharedId}`, { token: friend.token });
    expect((await shared(restored)).body.title).toBe("Shared");
    for (const path of [`/track/${trackId}/original`, `/track/${trackId}/full.mp3`]) {
      const bytes = async (on: TestServer) => {
        const res = await fetch(`${on.url}/api${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
        return [res.status, Bun.hash(await res.arrayBuffer())];
      };
      expect(await bytes(restored), path).toEqual(await bytes(server));
    }
  });

  test("a database or bucket that is not empty is refused, and so is the wrong kind of target", async () => {
    const database = await postgres.createDatabase(`occupied_${++fresh}`);
    const occupied = await restore([backups, database, `s3://${targetBucket.bucket}`]);
    expect([occupied.code, occupied.out]).toEqual([1, expect.stringContaining(`The bucket ${targetBucket.bucket} is not empty`)]);
    const intoFolder = await restore([backups, "--data-dir", join(backups, "nowhere")]);
    expect([intoFolder.code, intoFolder.out]).toEqual([1, expect.stringContaining("is a backup of a PostgreSQL install")]);
  });

  test("a damaged object in the backup fails restore's verification, naming it", async () => {
    await restored.stop();
    await emptyBucket(targetBucket);
    const [object] = manifest.objects;
    const path = join(backups, "objects", object?.sha256.slice(0, 2) as string, object?.sha256 as string);
    const original = readFileSync(path);
    await Bun.write(
      path,
      original.map((byte) => byte ^ 1),
    );
    try {
      const run = await restore([backups, await postgres.createDatabase(`damaged_${++fresh}`), `s3://${targetBucket.bucket}`]);
      expect(run.code).toBe(1);
      expect(run.out).toContain(`media ${object?.key}: SHA-256 differs from the manifest's`);
    } finally {
      await Bun.write(path, original);
    }
  });
});
