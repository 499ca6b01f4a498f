import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BackupRefused } from "./folder";

/**
 * A consistent copy of the live SQLite database into `target`, taken while the server keeps writing: `VACUUM INTO`
 * reads one transaction's view of the database, and in WAL mode a reader never blocks writers (nor they it), so
 * uploads and plays go on meanwhile. The copy is compact and has no WAL of its own.
 */
export function snapshotSqlite(dataDir: string, target: string): void {
  const live = join(dataDir, "stemma.db");
  if (!existsSync(live)) throw new BackupRefused(`No database at ${live}: is DATA_DIR the server's?`);
  const db = new Database(live, { readonly: true });
  try {
    db.run("PRAGMA busy_timeout = 10000");
    db.run("VACUUM INTO ?", [target]);
  } finally {
    db.close();
  }
}
