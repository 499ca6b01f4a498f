/**
 * A full disk: DATA_DIR is a small tmpfs (mounting needs root; otherwise the test is skipped with a
 * message), filled to the last byte. Uploads that do not fit answer 507 with a message, leave no row,
 * no file and no charge; reads, media and pages keep being served; once space is freed uploads work
 * again and the invariants hold.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STORAGE_FULL } from "../../src/server/errors";
import { call } from "../support/api";
import { expectInvariants } from "../support/invariants";
import { STEMS } from "../support/studio";
import { upload, waitProcessed } from "../support/uploads";
import { acknowledgedUpload, type FaultWorld, latestTitles, openWorld, usedQuota } from "./crash-runs";

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log("faults: the full-disk test is skipped: mounting a tmpfs as DATA_DIR needs root");

let mountPoint = "";
let world: FaultWorld;

beforeAll(async () => {
  if (!isRoot) return;
  mountPoint = mkdtempSync(join(tmpdir(), "stemma-full-disk-"));
  const mount = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mountPoint]);
  if (mount.exitCode !== 0) throw new Error(`mount -t tmpfs failed: ${mount.stderr.toString()}`);
  world = await openWorld({}, mountPoint);
});

afterAll(async () => {
  if (!isRoot) return;
  await world?.server.stop();
  Bun.spawnSync(["umount", mountPoint]);
  rmdirSync(mountPoint);
});

/** Writes a filler file until the disk refuses another byte; returns its path. */
function fillDisk(dir: string): string {
  const path = join(dir, "filler");
  const fd = openSync(path, "w");
  const chunk = new Uint8Array(64 * 1024);
  try {
    for (let size = chunk.length; size >= 1; ) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch {
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

test.skipIf(!isRoot)(
  "on a full disk uploads answer 507 with a message and leave nothing, reads go on, and freed space is used again",
  async () => {
    const ready = await acknowledgedUpload(world, world.owner, {
      original: "bad/CON.wav",
      data: { title: "before the disk filled" },
    });
    await waitProcessed(world.server, world.owner, ready);
    const quotaBefore = await usedQuota(world, world.owner);
    const filler = fillDisk(world.server.dataDir);
    try {
      for (const original of [`${STEMS} (full mix).wav`, "bad/CON.wav"]) {
        const refused = await upload(world.server, world.owner, { original, data: { title: "on a full disk" } });
        expect(refused.status).toBe(507);
        expect(refused.body.message).toBe(STORAGE_FULL);
      }
      const reads = [`/tracks?limit=10`, `/track/${ready}`, "/storage/quota"];
      for (const path of reads) expect((await call(world.server, "GET", path, { token: world.owner.token })).status).toBe(200);
      const media = await fetch(`${world.server.url}/api/track/${ready}/original`, {
        headers: { authorization: `Bearer ${world.owner.token}`, range: "bytes=0-99" },
      });
      expect(media.status).toBe(206);
      // Public pages are kept in the database as they are served (modules/pages): on a full disk they are served
      // from the render, unkept.
      for (const page of ["/", "/?sort=oldest", `/track/${ready}`, `/api/track/${ready}`]) {
        expect((await fetch(`${world.server.url}${page}`)).status).toBe(200);
      }
      expect(await usedQuota(world, world.owner)).toBe(quotaBefore);
    } finally {
      rmSync(filler);
    }
    const after = await acknowledgedUpload(world, world.owner, {
      original: "bad/CON.wav",
      data: { title: "after space was freed" },
    });
    expect((await waitProcessed(world.server, world.owner, after)).processingStatus).toBe("READY");
    expect(await latestTitles(world, world.owner)).not.toContain("on a full disk");
    console.log(
      "faults: full disk (16 MB tmpfs filled to the last byte): 2 uploads refused with 507, reads served, freed space used again",
    );
    await expectInvariants(world.server, { acknowledged: world.acknowledged });
  },
  120_000,
);
