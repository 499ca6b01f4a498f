/**
 * The shared invariants (invariants.ts) see what is broken, in both runs of the API suite: on a cluster they read
 * PostgreSQL, the bucket and every process's staging folder, where a check that read nothing would pass on anything.
 * Each case breaks the data behind the server's back, expects the check to name it, and mends it.
 */
import { beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TrackDetails } from "../../modules/tracks/model";
import { type Session, signUp } from "./api";
import { expectInvariants, newAcknowledged, sha256, trackRow } from "./invariants";
import { setUpServer } from "./lifecycle";
import { replaceStored, stagingFolders, storedBytes } from "./stored-files";
import { corpusFile, uploadTrack } from "./test-tracks";

const ORIGINAL = "real-audio/alsa-Front_Center.wav";
const live = setUpServer();
let owner: Session;
let track: TrackDetails;

beforeAll(async () => {
  await signUp(live.server);
  owner = await signUp(live.server);
  track = await uploadTrack(live.server, owner, {
    original: ORIGINAL,
    originalFormat: "wav",
    cover: "images/matplotlib-grace_hopper.jpg",
  });
}, 60_000);

/** The check throws naming `problem` while `broken` is in place, and passes once `mend` has run. */
async function expectNamed(problem: string, broken: () => Promise<void>, mend: () => Promise<void>): Promise<void> {
  await broken();
  await expect(expectInvariants(live.server)).rejects.toThrow(problem);
  await mend();
  await expectInvariants(live.server);
}

test("whole data passes: the user's track is counted and its MP3 and quota answer through the API", async () => {
  expect(await expectInvariants(live.server, { sessions: [owner] })).toEqual({ tracks: 1 });
});

test("a stored file no row names is an orphan", async () => {
  const key = `tracks/${track.id}/stray.bin`;
  await expectNamed(
    `orphan file ${key}`,
    () => replaceStored(live.server, key, new Uint8Array([1, 2, 3])),
    () => replaceStored(live.server, key, null),
  );
});

test("a file left in the staging folder where jobs run (a cluster's worker's) is left over", async () => {
  const folder = join(stagingFolders(live.server).at(-1) as string, "left-by-a-job");
  await expectNamed(
    "staging left over: left-by-a-job/full.mp3",
    async () => {
      mkdirSync(folder, { recursive: true });
      await Bun.write(join(folder, "full.mp3"), "partial");
    },
    async () => rmSync(folder, { recursive: true, force: true }),
  );
});

test("a READY track's MP3 that is missing, or cut short, is named", async () => {
  const key = (await trackRow(live.server, track.id))?.mp3_key as string;
  const bytes = (await storedBytes(live.server, key)) as Uint8Array;
  await expectNamed(
    `names ${key}, which is missing`,
    () => replaceStored(live.server, key, null),
    () => replaceStored(live.server, key, bytes),
  );
  await expectNamed(
    `${key} holds 100 bytes, the row says ${bytes.length}`,
    () => replaceStored(live.server, key, bytes.slice(0, 100)),
    () => replaceStored(live.server, key, bytes),
  );
});

test("an acknowledged upload's stored original must have the checksum of what was sent", async () => {
  const acknowledged = newAcknowledged();
  acknowledged.originals.set(track.id, sha256(await corpusFile(ORIGINAL).bytes()));
  await expectInvariants(live.server, { acknowledged });
  acknowledged.originals.set(track.id, sha256(new Uint8Array([0])));
  await expect(expectInvariants(live.server, { acknowledged })).rejects.toThrow(
    `acknowledged upload ${track.id}: checksum differs`,
  );
});
