import type { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../db/open";

/**
 * SQLite's own tables and drizzle's bookkeeping are not application data, nor is the search index (migration
 * 0019_search: derived from tracks, stems and users, and built differently on PostgreSQL, which rebuilds its own).
 */
export const NOT_DATA = /^(sqlite_|__drizzle_migrations$|search_)/;

export interface SourceTable {
  name: string;
  columns: string[];
  primaryKey: string[];
}

export interface Snapshot {
  db: Database;
  tables: SourceTable[];
  close(): void;
}

/** A refusal about the data or the targets (exit 1), as opposed to a bad command line. */
export class MigrationRefused extends Error {}

/** Linux: the ids of processes other than this one holding `path` open (a running server). */
function processesWithOpen(path: string): number[] {
  if (!existsSync("/proc/self/fd")) return [];
  const holders: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === path) {
          holders.push(Number(pid));
          break;
        }
      } catch {}
    }
  }
  return holders;
}

/**
 * A private copy of DATA_DIR/stemma.db to read from. The source is only read: opening it, even read-only,
 * would leave WAL files beside it, so the database file and its WAL are copied into a temporary folder
 * and SQLite folds the WAL into the copy there. The copy is brought to this version's migrations, as the
 * server would do at boot. Refused while a process (the server) has the database open, since the copy
 * and the media files would then not be one consistent state.
 */
export function openSnapshot(dataDir: string): Snapshot {
  const source = resolve(dataDir, "stemma.db");
  if (!existsSync(source)) throw new MigrationRefused(`No embedded install at ${dataDir}: ${source} does not exist`);
  const holders = processesWithOpen(source);
  if (holders.length) {
    throw new MigrationRefused(
      `The server seems to be running on ${dataDir} (process ${holders.join(", ")} has stemma.db open): stop it first`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), "stemma-migrate-"));
  const copy = join(folder, "stemma.db");
  copyFileSync(source, copy);
  if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${copy}-wal`);
  const db = openDatabase(copy).$client; // migrated as the server would at boot
  return {
    db,
    tables: sourceTables(db),
    close() {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The application tables of a SQLite database, with their columns and primary keys. */
export function sourceTables(db: Database): SourceTable[] {
  const names = db
    .query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name)
    .filter((name) => !NOT_DATA.test(name));
  return names.map((name) => {
    const info = db.query<{ name: string; pk: number }, []>(`PRAGMA table_info("${name}")`).all();
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    return { name, columns: info.map((column) => column.name), primaryKey };
  });
}
