import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { users } from "../../modules/auth/schema";
import type { Viewer } from "../../modules/auth/service";
import { licenses } from "../../modules/licenses/schema";
import { tracks } from "../../modules/tracks/schema";
import type { Db } from "../../src/server/db";
import { withEnv } from "./env";

/**
 * The app's database opened in this test process, for tests of repos, triggers and db helpers that need no server
 * (always SQLite: some measure bun:sqlite itself). Import what uses the database with `await import(...)` after this
 * call, so nothing opens it first.
 *
 * The database module reads its settings once per process, and `bun test` runs every file in one process: the first
 * file to call this picks the DATA_DIR every later one shares, so each file leaves the database as it found it
 * (`seedUsers` removes what it made). DATA_DIR and LOG_LEVEL are set only while the module loads: left in
 * process.env, they would reach later files and every server those start.
 */
export async function openTestDatabase(name: string): Promise<Db> {
  const dataDir = mkdtempSync(join(tmpdir(), `stemma-${name}-`));
  // At exit, not after this file: the database stays open, in this folder, for every later file.
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const { db } = await withEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, () => import("../../src/server/db"));
  return db;
}

/** Users written straight to the database (`<name>@example.com`), removed with their tracks after the file. */
export function seedUsers(db: Db, names: string[]): Viewer[] {
  const seeded = names.map(
    (name) =>
      db
        .insert(users)
        .values({ email: `${name}@example.com`, username: name, passwordHash: "x" })
        .returning()
        .get() as Viewer,
  );
  const ids = seeded.map((user) => user.id);
  afterAll(() => {
    // Shares, stems and the rest go with their track (ON DELETE CASCADE).
    db.delete(tracks).where(inArray(tracks.userId, ids)).run();
    db.delete(users).where(inArray(users.id, ids)).run();
  });
  return seeded;
}

/** A licence for seeded tracks (the migrations seed the licences). */
export const seededLicenseId = (db: Db): string => (db.select().from(licenses).get() as { id: string }).id;
