/**
 * The list version (migration 0008's triggers, less the counters one 0011 dropped) against a real migrated SQLite
 * file: every change a list shows raises `content`, whoever writes it; a play or a download raises nothing.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { trackShares, tracks } from "../tracks/schema";
import { incrementDownloads, incrementPlays } from "../tracks/service";
import { listsRepo } from "./repo";

const db = await openTestDatabase("list-versions");

const licenseId = seededLicenseId(db);
const [owner, friend] = seedUsers(db, ["lv-owner", "lv-friend"]).map((user) => user.id) as [string, string];
const newTrack = () =>
  db
    .insert(tracks)
    .values({ userId: owner, title: "Song", primaryArtistName: "Ann", originalFormat: "wav", originalKey: "k", licenseId })
    .returning()
    .get().id;

/** Runs `change` and answers whether the content version went up. */
async function raised(change: () => unknown): Promise<boolean> {
  const before = await listsRepo.contentVersion();
  await change();
  return (await listsRepo.contentVersion()) > before;
}

test("a new track, an edit, visibility, status, a share and an unshare, and a deletion raise the content version", async () => {
  let trackId = "";
  expect(await raised(() => (trackId = newTrack()))).toBe(true);
  const update = (values: Partial<typeof tracks.$inferInsert>) => () =>
    db.update(tracks).set(values).where(eq(tracks.id, trackId)).run();
  expect(await raised(update({ title: "Song 2" }))).toBe(true);
  expect(await raised(update({ isPublic: false }))).toBe(true);
  expect(await raised(update({ status: "PENDING_DELETION" }))).toBe(true);
  expect(await raised(update({ status: "ACTIVE", processingStatus: "READY" }))).toBe(true);
  expect(await raised(() => db.insert(trackShares).values({ trackId, userId: friend }).run())).toBe(true);
  expect(await raised(() => db.delete(trackShares).where(eq(trackShares.trackId, trackId)).run())).toBe(true);
  expect(await raised(() => db.delete(tracks).where(eq(tracks.id, trackId)).run())).toBe(true);
});

test("plays and downloads raise no version", async () => {
  const trackId = newTrack();
  expect(await raised(() => incrementPlays(trackId))).toBe(false);
  expect(await raised(() => incrementDownloads(trackId))).toBe(false);
  expect(db.select().from(tracks).where(eq(tracks.id, trackId)).get()).toMatchObject({ totalPlays: 1, totalDownloads: 1 });
});

test("reading a list changes nothing", async () => {
  expect(await raised(() => db.select().from(tracks).all())).toBe(false);
});
