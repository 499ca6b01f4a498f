/**
 * A backup onto a full disk: the backup folder is a small tmpfs (mounting needs root; otherwise the test is skipped
 * with a message) that the library does not fit. The backup fails with exit 1 saying why, removes what it wrote,
 * leaves the earlier backup as it was, and the server serves throughout; with room again the next one completes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, signUp } from "../support/api";
import { EMBEDDED, runBackupScript } from "../support/backup";
import { startSingleServer, type TestServer } from "../support/server";
import { STEMS } from "../support/studio";
import { uploadTrack } from "../support/test-tracks";

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log("faults: the backup full-disk test is skipped: mounting a tmpfs needs root");

let mountPoint = "";
let server: TestServer;

const backup = () => runBackupScript("backup", [mountPoint], { DATA_DIR: server.dataDir });
const mount = (size: string, remount = false) => {
  const options = remount ? `remount,size=${size}` : `size=${size}`;
  const run = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", options, "tmpfs", mountPoint]);
  if (run.exitCode !== 0) throw new Error(`mount -t tmpfs failed: ${run.stderr.toString()}`);
};
const finished = () => readdirSync(mountPoint).filter((name) => name.endsWith("Z"));

beforeAll(async () => {
  if (!isRoot) return;
  mountPoint = mkdtempSync(join(tmpdir(), "stemma-backup-full-"));
  mount("64m");
  server = await startSingleServer({ env: EMBEDDED });
  const owner = await signUp(server);
  await uploadTrack(server, owner, { original: "real-audio/audio-lena.flac", originalFormat: "flac" });
}, 120_000);

afterAll(async () => {
  if (!isRoot) return;
  await server?.stop();
  Bun.spawnSync(["umount", mountPoint]);
  rmdirSync(mountPoint);
});

test.skipIf(!isRoot)(
  "a backup that runs out of disk fails, removes its partial copy, keeps the earlier one, and the server serves on",
  async () => {
    const earlier = await backup();
    expect(earlier.code, earlier.out).toBe(0);
    const kept = finished()[0] as string;
    const keptManifest = readFileSync(join(mountPoint, kept, "manifest.json"), "utf8");

    // Several MB of new media that the disk, shrunk to what it holds plus a little, cannot take.
    const owner = await signUp(server);
    const big = await uploadTrack(server, owner, { original: `${STEMS} (full mix).wav`, originalFormat: "wav" });
    const used = Number(Bun.spawnSync(["du", "-sk", mountPoint]).stdout.toString().split("\t")[0]);
    mount(`${used + 1024}k`, true);

    const full = await backup();
    expect(full.code).toBe(1);
    expect(full.out).toMatch(/backup FAILED: .*(ENOSPC|no space)/i);
    expect(readdirSync(mountPoint).filter((name) => name.endsWith(".partial"))).toEqual([]);
    expect(existsSync(join(mountPoint, "objects", ".incoming"))).toBe(false);
    expect(finished()).toEqual([kept]);
    expect(readFileSync(join(mountPoint, kept, "manifest.json"), "utf8")).toBe(keptManifest);
    expect((await call(server, "GET", "/health")).status).toBe(200);
    expect((await fetch(`${server.url}/api/track/${big.id}/full.mp3`)).status).toBe(200);

    mount("256m", true);
    const next = await backup();
    expect(next.code, next.out).toBe(0);
    expect(finished()).toHaveLength(2);
  },
);
