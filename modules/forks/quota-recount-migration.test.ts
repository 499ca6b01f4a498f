/**
 * Migration 0031 (pg/0025) charges every fork again for the audio it stores itself only (modules/studio/charges.ts):
 * forks made before were charged their original's seconds. Run against a real migrated SQLite file; the PostgreSQL
 * migration is the same statement.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { openTestDatabase, seededLicenseId, seedUsers } from "../../tests/support/in-process-database";
import { stems, tracks } from "../tracks/schema";

const SQLITE = join(import.meta.dir, "../../migrations/0031_recount_fork_quota.sql");
const POSTGRES = join(import.meta.dir, "../../migrations/pg/0025_recount_fork_quota.sql");

const db = await openTestDatabase("recount-fork-quota");

const [owner, forker] = seedUsers(db, ["quota_owner", "quota_forker"]).map((user) => user.id) as [string, string];

function track(values: Partial<typeof tracks.$inferInsert> & { id: string }): string {
  return db
    .insert(tracks)
    .values({
      userId: owner,
      title: "Song",
      primaryArtistName: "Ann",
      originalFormat: "wav",
      originalKey: `tracks/${values.id}/original.wav`,
      licenseId: seededLicenseId(db),
      duration: 60,
      ...values,
    })
    .returning()
    .get().id;
}

function stem(trackId: string, fileKey: string, duration: number, index: number): void {
  db.insert(stems)
    .values({ trackId, name: `Stem ${index}`, type: "drums", index, originalFormat: "wav", fileKey, duration })
    .run();
}

test("a fork is charged its own full track and stems, not the original's files it shares; originals are left alone", async () => {
  const original = track({ id: crypto.randomUUID(), totalQuotaSeconds: 300 });
  for (const index of [0, 1, 2, 3]) stem(original, `tracks/${original}/stems/s${index}.wav`, 60, index);
  const shared = { userId: forker, isFork: true, forkedFromId: original, originalKey: `tracks/${original}/original.wav` };
  // Plain forks: the original's full track and its four stems, charged 300 s each before.
  const plain = track({ id: crypto.randomUUID(), ...shared, totalQuotaSeconds: 300 });
  for (const index of [0, 1, 2, 3]) stem(plain, `tracks/${original}/stems/s${index}.wav`, 60, index);
  // A fork that added a 60 s stem beside three shared ones (charged 360 s before).
  const added = track({ id: crypto.randomUUID(), ...shared, totalQuotaSeconds: 360 });
  for (const index of [0, 1, 2]) stem(added, `tracks/${original}/stems/s${index}.wav`, 60, index);
  stem(added, `tracks/${added}/stems/new.flac`, 60, 3);
  // A fork whose full track is its own (replaced, or rendered with a mix), with the four shared stems.
  const ownId = crypto.randomUUID();
  const ownAudio = track({ id: ownId, ...shared, originalKey: `tracks/${ownId}/original-x.flac`, totalQuotaSeconds: 300 });
  for (const index of [0, 1, 2, 3]) stem(ownAudio, `tracks/${original}/stems/s${index}.wav`, 60, index);
  // A fork of the fork that added a stem: that stem is the first fork's file, shared here.
  const grandchild = track({ id: crypto.randomUUID(), ...shared, forkedFromId: added, totalQuotaSeconds: 300 });
  stem(grandchild, `tracks/${added}/stems/new.flac`, 60, 0);
  const updatedAt = (id: string) => db.select().from(tracks).where(eq(tracks.id, id)).get()?.updatedAt;
  const originalBefore = updatedAt(original);

  db.run(sql.raw(await Bun.file(SQLITE).text()));

  const charge = (id: string) => db.select().from(tracks).where(eq(tracks.id, id)).get()?.totalQuotaSeconds;
  expect([charge(original), charge(plain), charge(added), charge(ownAudio), charge(grandchild)]).toEqual([300, 0, 60, 60, 0]);
  expect(updatedAt(original)).toEqual(originalBefore);
  expect(await Bun.file(POSTGRES).text()).toBe(await Bun.file(SQLITE).text());
  // Stems first: the seeded users' cleanup deletes their tracks, and a stem going with its track trips the search index.
  db.delete(stems)
    .where(inArray(stems.trackId, [original, plain, added, ownAudio, grandchild]))
    .run();
});
