/**
 * The list versions (migration 0008's triggers) against a real migrated SQLite file: every change a list shows
 * raises `content`, whoever writes it; a play or a download raises `counters` alone.
 */
import { expect, test } from "bun:test";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { CONTENT_RAISED as CONTENT, COUNTERS_RAISED as COUNTERS, raisedVersions } from "../../tests/support/lists";

const db = await openTestDatabase("list-versions");
const { eq } = await import("drizzle-orm");
const { trackShares, tracks } = await import("../tracks/schema");
const { incrementDownloads, incrementPlays } = await import("../tracks/service");
const { listsRepo } = await import("./repo");

const licenseId = seededLicenseId(db);
const [owner, friend] = seedUsers(db, ["lv-owner", "lv-friend"]).map((user) => user.id) as [string, string];
const newTrack = () =>
  db
    .insert(tracks)
    .values({ userId: owner, title: "Song", primaryArtistName: "Ann", originalFormat: "wav", originalKey: "k", licenseId })
    .returning()
    .get().id;

const raised = (change: () => unknown) => raisedVersions(() => listsRepo.versions(), change);

test("a new track, an edit, visibility, status, a share and an unshare, and a deletion raise the content version", async () => {
  let trackId = "";
  expect(await raised(() => (trackId = newTrack()))).toEqual(CONTENT);
  const update = (values: Partial<typeof tracks.$inferInsert>) => () =>
    db.update(tracks).set(values).where(eq(tracks.id, trackId)).run();
  expect(await raised(update({ title: "Song 2" }))).toEqual(CONTENT);
  expect(await raised(update({ isPublic: false }))).toEqual(CONTENT);
  expect(await raised(update({ status: "PENDING_DELETION" }))).toEqual(CONTENT);
  expect(await raised(update({ status: "ACTIVE", processingStatus: "READY" }))).toEqual(CONTENT);
  expect(await raised(() => db.insert(trackShares).values({ trackId, userId: friend }).run())).toEqual(CONTENT);
  expect(await raised(() => db.delete(trackShares).where(eq(trackShares.trackId, trackId)).run())).toEqual(CONTENT);
  expect(await raised(() => db.delete(tracks).where(eq(tracks.id, trackId)).run())).toEqual(CONTENT);
});

test("plays and downloads raise the counters version, not the content version", async () => {
  const trackId = newTrack();
  expect(await raised(() => incrementPlays(trackId))).toEqual(COUNTERS);
  expect(await raised(() => incrementDownloads(trackId))).toEqual(COUNTERS);
});

test("reading a list changes nothing", async () => {
  expect(await raised(() => db.select().from(tracks).all())).toEqual({ content: false, counters: false });
});
