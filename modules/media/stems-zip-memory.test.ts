/**
 * Memory stays flat however big a stems zip is: each stem streams into the zip and the zip to the client as it
 * reads. Twenty stems whose stored files are made 160 MB each (fifteen minutes of 24-bit stereo; sparse files:
 * instant to make, real bytes to read) give a 3.2 GB zip; the server's resident memory may grow by less than one
 * stem while it is sent (what it grows by is garbage not yet collected, the same for a zip of any size).
 */
import { expect, test } from "bun:test";
import { truncateSync } from "node:fs";
import { join } from "node:path";
import { signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { residentGrowthWhile } from "../../tests/support/memory";
import { testOnCluster } from "../../tests/support/server";
import { storedSizes } from "../../tests/support/stored-files";
import { createTrack, TINY_WAV, waitForProcessing } from "../../tests/support/uploads";

const STEMS = 20;
const STEM_BYTES = 160 * 1024 * 1024;
/** One stem's size: a stem or the zip held whole passes it at once; a streamed zip's uncollected garbage stays under. */
const MAX_GROWTH_BYTES = STEM_BYTES;

const live = setUpServer();

// The files are grown on the server's own disk; a cluster keeps them in the bucket.
test.skipIf(testOnCluster)(
  `a zip of ${STEMS} stems of ${STEM_BYTES / 2 ** 20} MB grows the server's memory by less than ${MAX_GROWTH_BYTES / 2 ** 20} MB`,
  async () => {
    const user = await signUp(live.server);
    // A stem must last exactly as long as the track: the track's own file is the one stem that surely does.
    const stems = Array.from({ length: STEMS }, (_, i) => ({ path: TINY_WAV, name: `Stem ${i + 1}`, type: "other" }));
    const id = await createTrack(live.server, user.token, { original: TINY_WAV, stems });
    await waitForProcessing(live.server, user.token, id);
    const stemKeys = [...(await storedSizes(live.server, `tracks/${id}/stems/`)).keys()].filter((key) => key.endsWith(".wav"));
    expect(stemKeys).toHaveLength(STEMS);
    for (const key of stemKeys) truncateSync(join(live.server.dataDir, "media", key), STEM_BYTES);

    let received = 0;
    const growth = await residentGrowthWhile(live.server.proc.pid, "stems zip memory", async () => {
      const response = await fetch(`${live.server.url}/api/track/${id}/stems.zip?format=wav`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(response.status).toBe(200);
      // Read as a client does, a chunk at a time, keeping none.
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
    });
    expect(received).toBeGreaterThan(STEMS * STEM_BYTES);
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  },
  120_000,
);
