/**
 * The page version (migration 0004's triggers) against a real migrated SQLite file: every change a track
 * page shows raises it, whoever writes it; a play or a download alone does not.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { transaction } from "../../src/server/db/transaction";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { conversions } from "../conversions/schema";
import { stems, trackShares, tracks, trackWaveforms } from "./schema";
import { adjustLikeCount, incrementDownloads, incrementPlays, publicPageState } from "./service";

const db = await openTestDatabase("page-version");

const [owner, friend] = seedUsers(db, ["owner", "friend"]).map((user) => user.id) as [string, string];
const trackId = db
  .insert(tracks)
  .values({
    userId: owner,
    title: "Song",
    primaryArtistName: "Ann",
    originalFormat: "wav",
    originalKey: "k",
    licenseId: seededLicenseId(db),
  })
  .returning()
  .get().id;
const version = async () => (await publicPageState(trackId))?.version ?? -1;

/** Runs `change` and answers whether the page version went up. */
async function raises(change: () => void): Promise<boolean> {
  const before = await version();
  change();
  return (await version()) > before;
}

test("edits, visibility, stems, shares, conversions and the waveform raise the version", async () => {
  expect(await raises(() => db.update(tracks).set({ title: "Song 2" }).where(eq(tracks.id, trackId)).run())).toBe(true);
  expect(
    await raises(() =>
      db
        .insert(trackWaveforms)
        .values({ trackId, waveformData: [0, 1] })
        .run(),
    ),
  ).toBe(true);
  const stemId = db
    .insert(stems)
    .values({ trackId, name: "Bass", type: "bass", index: 0, originalFormat: "wav", fileKey: "s" })
    .returning()
    .get().id;
  expect(await version()).toBeGreaterThan(0);
  expect(await raises(() => db.update(stems).set({ mp3Key: "m" }).where(eq(stems.id, stemId)).run())).toBe(true);
  expect(await raises(() => db.delete(stems).where(eq(stems.id, stemId)).run())).toBe(true);
  expect(await raises(() => db.insert(trackShares).values({ trackId, userId: friend }).run())).toBe(true);
  expect(await raises(() => db.delete(trackShares).where(eq(trackShares.trackId, trackId)).run())).toBe(true);
  expect(await raises(() => db.insert(conversions).values({ trackId, target: "full", format: "wav" }).run())).toBe(true);
  expect(
    await raises(() => db.update(conversions).set({ status: "COMPLETED" }).where(eq(conversions.trackId, trackId)).run()),
  ).toBe(true);
});

test("plays, downloads and likes change the counters, not the version", async () => {
  const before = await publicPageState(trackId);
  await incrementPlays(trackId);
  await incrementDownloads(trackId);
  await transaction((tx) => adjustLikeCount(trackId, 3, tx));
  expect(await publicPageState(trackId)).toEqual({
    version: before?.version ?? -1,
    plays: (before?.plays ?? 0) + 1,
    downloads: (before?.downloads ?? 0) + 1,
    likes: 3,
    ownerId: owner,
    parentId: null,
  });
});

test("a private or deleted track has no public page state (never cached)", async () => {
  db.update(tracks).set({ isPublic: false }).where(eq(tracks.id, trackId)).run();
  expect(await publicPageState(trackId)).toBeNull();
  db.update(tracks).set({ isPublic: true, status: "PENDING_DELETION" }).where(eq(tracks.id, trackId)).run();
  expect(await publicPageState(trackId)).toBeNull();
  expect(await publicPageState("no-such-track")).toBeNull();
});
