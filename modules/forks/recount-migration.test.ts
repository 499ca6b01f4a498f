/**
 * Migration 0024 (pg/0019) counts every track's forks again once, so tracks counted before deletions recounted
 * (modules/tracks/repo.ts) stop counting forks deleted since. Run against a real migrated SQLite file; the
 * PostgreSQL migration is the same statement.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { tracks } from "../tracks/schema";

const SQLITE = join(import.meta.dir, "../../migrations/0024_recount_forks.sql");
const POSTGRES = join(import.meta.dir, "../../migrations/pg/0019_recount_forks.sql");

const db = await openTestDatabase("recount-forks");

const [owner] = seedUsers(db, ["recount_owner"]).map((user) => user.id) as [string];

function track(values: Partial<typeof tracks.$inferInsert>): string {
  return db
    .insert(tracks)
    .values({
      userId: owner,
      title: "Song",
      primaryArtistName: "Ann",
      originalFormat: "wav",
      originalKey: "k",
      licenseId: seededLicenseId(db),
      ...values,
    })
    .returning()
    .get().id;
}

test("a track's forkCount becomes its active forks; a count already right is left alone", async () => {
  // Counted when three forks were made; one is pending deletion and one deleted since.
  const parent = track({ title: "Parent", forkCount: 3 });
  track({ title: "Live fork", isFork: true, forkedFromId: parent });
  track({ title: "Pending fork", isFork: true, forkedFromId: parent, status: "PENDING_DELETION", deletedAt: new Date() });
  track({ title: "Deleted fork", isFork: true, forkedFromId: parent, status: "DELETED", deletedAt: new Date() });
  const lone = track({ title: "Lone" });
  const updatedAt = (id: string) => db.select().from(tracks).where(eq(tracks.id, id)).get()?.updatedAt;
  const loneBefore = updatedAt(lone);

  db.run(sql.raw(await Bun.file(SQLITE).text()));

  const count = (id: string) => db.select().from(tracks).where(eq(tracks.id, id)).get()?.forkCount;
  expect(count(parent)).toBe(1);
  expect(count(lone)).toBe(0);
  expect(updatedAt(lone)).toEqual(loneBefore);
  expect(await Bun.file(POSTGRES).text()).toBe(await Bun.file(SQLITE).text());
});
