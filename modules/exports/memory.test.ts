/**
 * Memory stays flat however big an export is: files stream into the zip and the zip into the store. Three tracks
 * whose stored originals are made 160 MB each (sparse files: instant to make, real bytes to read) give a zip of
 * about 480 MB; the server's resident memory may grow by a small fraction of that while it is written. (The
 * several-GB run, past ZIP64's 4 GiB, is `bun bench/export-memory.ts`.)
 */
import { expect, test } from "bun:test";
import { truncateSync } from "node:fs";
import { join } from "node:path";
import { signUp } from "../../tests/support/api";
import { startExport, waitExport } from "../../tests/support/exports";
import { setUpServer } from "../../tests/support/lifecycle";
import { residentGrowthWhile } from "../../tests/support/memory";
import { testOnCluster } from "../../tests/support/server";
import { storedSizes } from "../../tests/support/stored-files";
import { uploadTiny, waitProcessed } from "../../tests/support/uploads";

const FILE_BYTES = 160 * 1024 * 1024;
const TRACKS = 3;
/** Well under one file's size: a zip or a file held whole would pass it at once. */
const MAX_GROWTH_BYTES = 96 * 1024 * 1024;

const live = setUpServer();

// The files are grown on the server's own disk; a cluster keeps them in the bucket (its S3 path is exports-on-s3).
test.skipIf(testOnCluster)(
  `an export of ${(TRACKS * FILE_BYTES) / 2 ** 20} MB grows the server's memory by less than ${MAX_GROWTH_BYTES / 2 ** 20} MB`,
  async () => {
    const user = await signUp(live.server);
    for (let i = 0; i < TRACKS; i++)
      await waitProcessed(live.server, user, await uploadTiny(live.server, user, { title: `Big ${i}` }));
    const originals = [...(await storedSizes(live.server, "tracks/")).keys()].filter((key) => /\/original\.wav$/.test(key));
    expect(originals).toHaveLength(TRACKS);
    for (const key of originals) truncateSync(join(live.server.dataDir, "media", key), FILE_BYTES);

    const growth = await residentGrowthWhile(live.server.proc.pid, "export memory", async () => {
      const ready = await waitExport(live.server, user, (await startExport(live.server, user)).id, 60_000);
      expect(ready.status).toBe("READY");
      expect(ready.sizeBytes as number).toBeGreaterThan(TRACKS * FILE_BYTES);
    });
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  },
  90_000,
);
