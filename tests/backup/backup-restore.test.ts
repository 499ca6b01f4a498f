/**
 * `npm run backup` and `npm run restore`: a real embedded install (ffmpeg-processed uploads, stems, a fork, a share,
 * a conversion, notifications, a deleted track) backed up while plays and an upload go on, restored into a new
 * DATA_DIR and served again; a second backup copies nothing; a kill mid-backup and a damaged object are handled.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "../../src/server/backup/folder";
import { call } from "../support/api";
import { EMBEDDED, type FilledLibrary, fillLibrary, runBackupScript } from "../support/backup";
import { startSingleServer, type TestServer } from "../support/server";
import { startUpload } from "../support/test-tracks";

let server: TestServer;
let library: FilledLibrary;
let backups: string;
const scratch: string[] = [];

const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `stemma-${label}-`));
  scratch.push(dir);
  return dir;
};
const backup = (args: string[], killWhen?: RegExp) => runBackupScript("backup", args, { DATA_DIR: server.dataDir }, killWhen);
const restore = (args: string[]) => runBackupScript("restore", args, { DATA_DIR: "" });
const finished = () =>
  readdirSync(backups)
    .filter((name) => /^\d{4}-.*Z$/.test(name))
    .sort();
const manifestText = (name: string) => readFileSync(join(backups, name, "manifest.json"), "utf8");
const manifestOf = (name: string): Manifest => JSON.parse(manifestText(name));

beforeAll(async () => {
  server = await startSingleServer({ env: EMBEDDED });
  library = await fillLibrary(server);
  backups = tempDir("backups");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("bad input", () => {
  test.each([
    [[], "Give one argument: the folder to back up into"],
    [["a", "b"], "Give one argument"],
    [["a", "--keep", "0"], '--keep needs a whole number from 1, got "0"'],
    [["a", "--force"], "Unknown option --force"],
  ])("backup %p: usage and exit 2", async (args, message) => {
    const run = await backup(args as string[]);
    expect([run.code, run.out]).toEqual([2, expect.stringContaining(message)]);
  });

  test.each([
    [[], "Give the backup to restore"],
    [["a", "postgres://h/db"], "Give the backup to restore, and either nothing more"],
    [["a", "mysql://h/db", "s3://media"], "The database URL must look like"],
    [["a", "--data-dir"], "--data-dir needs a folder"],
  ])("restore %p: usage and exit 2", async (args, message) => {
    const run = await restore(args as string[]);
    expect([run.code, run.out]).toEqual([2, expect.stringContaining(message)]);
  });

  test("restore of a folder that holds no backup: exit 1, saying so", async () => {
    const empty = tempDir("no-backup");
    const run = await restore([empty, "--data-dir", join(empty, "data")]);
    expect([run.code, run.out]).toEqual([
      1,
      expect.stringContaining("is neither a backup nor a folder holding finished backups"),
    ]);
  });
});

describe("a backup while the server serves", () => {
  let first: Awaited<ReturnType<typeof backup>>;
  let slowestWriteMs = 0;
  let writes = 0;

  beforeAll(async () => {
    let running = true;
    const plays = (async () => {
      for (let i = 0; running; i++) {
        const started = performance.now();
        // A play (counted until the address's visitor cap) and a profile edit: writes, each committed.
        const play = await call(server, "POST", `/track/${library.trackId}/usage`, {
          body: { eventType: "PLAY", playbackSource: "STREAM", duration: 30, anonymousId: `listener-${i}-${Date.now()}` },
        });
        const edit = await call(server, "PATCH", "/auth/me", { token: library.admin.token, body: { bio: `edit ${i}` } });
        expect([play.status, edit.status]).toEqual([200, 200]);
        slowestWriteMs = Math.max(slowestWriteMs, performance.now() - started);
        writes++;
      }
    })();
    const upload = startUpload(server, library.owner, {
      title: "During",
      original: "real-audio/audio-lena.flac",
      originalFormat: "flac",
    });
    first = await backup([backups]);
    running = false;
    await Promise.all([plays, upload]);
  }, 120_000);

  test("it is written and verified, and no play waited a second", () => {
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("Verified: the database file and");
    expect(writes).toBeGreaterThan(0);
    expect(slowestWriteMs).toBeLessThan(1000);
    const [name] = finished();
    const manifest = manifestOf(name as string);
    expect(manifest.tables.find((table) => table.name === "stems")?.rows).toBe(4); // two stems and the fork's two
    expect(manifest.tables.find((table) => table.name === "conversions")?.rows).toBe(1);
    expect(manifest.tables.find((table) => table.name === "track_shares")?.rows).toBe(1);
    expect(manifest.tables.find((table) => table.name === "notifications")?.rows).toBeGreaterThanOrEqual(1);
    expect(manifest.objects.length).toBeGreaterThanOrEqual(10);
    for (const object of manifest.objects) expect(object.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(backups, name as string, "jwt-secret")).mode & 0o777).toBe(0o600);
  });

  test("a backup of an unchanged library copies no media", async () => {
    await backup([backups]); // takes what the upload's processing finished after the first
    const again = await backup([backups]);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/Media: \d+ objects, 0 copied \(0 bytes\)/);
    expect(manifestOf(finished().at(-1) as string).copiedBytes).toBe(0);
  });

  test("--keep removes the oldest backups and the objects only they named", async () => {
    const before = finished();
    const kept = await backup([backups, "--keep", "2"]);
    expect(kept.code, kept.out).toBe(0);
    expect(finished()).toEqual([...before.slice(-1), expect.any(String)]);
    for (const name of before.slice(0, -1)) expect(kept.out).toContain(`Removed an old backup: ${name}`);
    const named = new Set(finished().flatMap((name) => manifestOf(name).objects.map((object) => object.sha256)));
    const stored = readdirSync(join(backups, "objects"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(new Set(stored)).toEqual(named);
  });
});

describe("restored into a new DATA_DIR", () => {
  let restored: TestServer;
  let run: Awaited<ReturnType<typeof restore>>;

  beforeAll(async () => {
    const dataDir = join(tempDir("restored"), "data");
    run = await restore([backups, "--data-dir", dataDir]);
    expect(run.code, run.out).toBe(0);
    restored = await startSingleServer({ dataDir, env: EMBEDDED });
  }, 120_000);

  afterAll(() => restored?.stop());

  test("restore verifies every table and file", () => {
    expect(run.out).toMatch(/Verified: \d+ tables \(row counts and SHA-256\) and \d+ files \(SHA-256\) match\./);
  });

  /** The Track JSON without what plays after the backup moved on. */
  const trackOf = async (on: TestServer, id: string, token: string) => {
    const res = await call<Record<string, unknown>>(on, "GET", `/track/${id}`, { token });
    return {
      status: res.status,
      body: Object.fromEntries(Object.entries(res.body ?? {}).filter(([key]) => !/count/i.test(key))),
    };
  };

  test("the same tracks, forks, shares and deleted track, and the same sessions (same secret)", async () => {
    const me = await call<{ id: string }>(restored, "GET", "/auth/me", { token: library.owner.token });
    expect([me.status, me.body.id]).toEqual([200, library.owner.user.id]);
    for (const [id, token] of [
      [library.trackId, library.owner.token],
      [library.forkId, library.friend.token],
      [library.deletedId, library.owner.token],
    ] as const) {
      expect(await trackOf(restored, id, token)).toEqual(await trackOf(server, id, token));
    }
    const notifications = (on: TestServer) => call(on, "GET", "/notifications", { token: library.owner.token });
    expect((await notifications(restored)).body).toEqual((await notifications(server)).body);
  });

  test("the same pages and media bytes", async () => {
    const page = async (on: TestServer) => (await fetch(`${on.url}/track/${library.trackId}`)).status;
    expect(await page(restored)).toBe(200);
    const track = await call<{ stems: Array<{ id: string }> }>(server, "GET", `/track/${library.trackId}`);
    const paths = [
      `/track/${library.trackId}/original`,
      `/track/${library.trackId}/full.mp3`,
      `/track/${library.trackId}/full.flac`,
      `/track/${library.trackId}/cover?size=page`,
      ...track.body.stems.map((stem) => `/track/${library.trackId}/stem/${stem.id}.mp3`),
    ];
    for (const path of paths) {
      const bytes = async (on: TestServer) => {
        const res = await fetch(`${on.url}/api${path}`, { headers: { authorization: `Bearer ${library.owner.token}` } });
        return [res.status, Bun.hash(await res.arrayBuffer())];
      };
      const original = await bytes(server);
      expect(original[0], path).toBe(200);
      expect(await bytes(restored), path).toEqual(original);
    }
  });
});

describe("refusals and damage", () => {
  test("restore refuses a DATA_DIR that is not empty", async () => {
    const dataDir = tempDir("occupied");
    writeFileSync(join(dataDir, "stemma.db"), "");
    const run = await restore([backups, "--data-dir", dataDir]);
    expect([run.code, run.out]).toEqual([1, expect.stringContaining(`${dataDir} is not empty`)]);
  });

  test("a damaged object in a backup fails restore's verification, naming it", async () => {
    const name = finished().at(-1) as string;
    const [object] = manifestOf(name).objects;
    const path = join(backups, "objects", object?.sha256.slice(0, 2) as string, object?.sha256 as string);
    const original = await Bun.file(path).bytes();
    await Bun.write(
      path,
      original.map((byte) => byte ^ 1),
    );
    try {
      const run = await restore([join(backups, name), "--data-dir", join(tempDir("damaged"), "data")]);
      expect(run.code).toBe(1);
      expect(run.out).toContain(`media ${object?.key}: SHA-256 differs from the manifest's`);
      expect(run.out).toContain("verification FAILED");
    } finally {
      await Bun.write(path, original);
    }
  });

  test("a backup killed mid-way leaves the earlier ones intact, and the next one completes", async () => {
    const before = finished();
    const manifests = before.map(manifestText);
    const killed = await backup([backups], /^Database:/m);
    expect(killed.code).toBeNull();
    expect(finished()).toEqual(before);
    expect(before.map(manifestText)).toEqual(manifests);
    expect(readdirSync(backups).some((name) => name.endsWith(".partial"))).toBe(true);
    const next = await backup([backups]);
    expect(next.code, next.out).toBe(0);
    expect(next.out).toContain("Removed an unfinished backup");
    expect(readdirSync(backups).some((name) => name.endsWith(".partial"))).toBe(false);
    expect(existsSync(join(backups, ".lock"))).toBe(false);
  });
});
