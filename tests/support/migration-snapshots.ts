import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Dialect } from "../../src/server/db/dialect";

const FOLDERS: Record<Dialect, string> = {
  sqlite: join(import.meta.dir, "../../migrations"),
  postgresql: join(import.meta.dir, "../../migrations/pg"),
};

/** drizzle-kit's snapshot after the newest migration of a dialect (what the next `generate` diffs against). */
export function latestSnapshot(dialect: Dialect): Record<string, unknown> {
  const folder = FOLDERS[dialect];
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)?.idx ?? 0;
  return JSON.parse(readFileSync(join(folder, `meta/${String(last).padStart(4, "0")}_snapshot.json`), "utf8"));
}
