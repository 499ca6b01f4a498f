import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/open";

/** Where a server keeps its SQLite database in its data folder (src/server/db/index.ts). */
const DATABASE_FILE = "stemma.db";

let templateDir: string | undefined;

/**
 * Puts a database with every migration applied into a new server's empty data folder, as the server leaves it after
 * its first boot: a copy of one migrated once per test process. Migrating on each of a run's hundreds of server starts
 * cost a second or more apiece on a loaded machine; the server still checks its migrations as it boots, and finds
 * none left. Tests of migrating itself start servers over folders they prepared.
 */
export function putMigratedDatabase(dataDir: string): void {
  if (!templateDir) {
    templateDir = mkdtempSync(join(tmpdir(), "stemma-template-"));
    // Closing the only connection checkpoints the WAL into the file and removes it: the one file is the database.
    openDatabase(join(templateDir, DATABASE_FILE)).$client.close();
  }
  copyFileSync(join(templateDir, DATABASE_FILE), join(dataDir, DATABASE_FILE));
}

/** Removes this process's template (tests/preload.ts, after the last test file). */
export function removeSqliteTemplate(): void {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
  templateDir = undefined;
}
