import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { users } from "../../modules/auth/schema";
import type { Viewer } from "../../modules/auth/service";
import { licenses } from "../../modules/licenses/schema";
import { tracks } from "../../modules/tracks/schema";
import { loadConfig } from "../../src/server/config";
import type { Db } from "../../src/server/db";
import { createRuntime } from "../../src/server/open-runtime";
import { installRuntime, type Runtime } from "../../src/server/runtime";

/**
 * A runtime of the app built in this test process on a fresh temporary folder (SQLite, media on local disk, no job
 * queue) and installed, so the modules this file calls use it: for tests of repos, triggers, services and db helpers
 * that need no server. Its settings are `env` alone, never this process's environment. The folder goes at exit, not
 * after this file: a later file installs a runtime of its own, but this one's database stays open until then.
 */
export async function openTestRuntime(name: string, env: Record<string, string> = {}): Promise<Runtime> {
  const dataDir = mkdtempSync(join(tmpdir(), `stemma-${name}-`));
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn", PASSWORD_HASH_COST: "test", ...env });
  const runtime = await createRuntime(config, { queue: false });
  installRuntime(runtime);
  return runtime;
}

/** The database of a fresh test runtime (`openTestRuntime`). */
export async function openTestDatabase(name: string): Promise<Db> {
  return (await openTestRuntime(name)).db;
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
