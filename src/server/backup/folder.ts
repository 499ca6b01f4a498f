import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { TableSummary } from "./tables";

export interface ManifestObject {
  key: string;
  size: number;
  sha256: string;
}

/** `manifest.json`: what one backup holds, and what restore checks it against. */
export interface Manifest {
  format: 1;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** `stemma.db` (SQLite, VACUUM INTO) or `stemma.dump` (PostgreSQL, pg_dump's custom format). */
  database: { dialect: "sqlite" | "postgresql"; file: string; size: number; sha256: string };
  tables: TableSummary[];
  objects: ManifestObject[];
  /** Media bytes this backup had to copy (the rest an earlier backup of the folder already held). */
  copiedBytes: number;
}

/** Why a backup or restore stopped (exit 1, one line), as opposed to a bug. */
export class BackupRefused extends Error {}

/** A backup's folder is named by its start, sortable: `2026-11-27T06-41-05.123Z`. */
export const backupName = (at: Date) => at.toISOString().replace(/:/g, "-");
const PARTIAL = ".partial";
export const partialName = (name: string) => `${name}${PARTIAL}`;
const BACKUP = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/;

/** The finished backups of a folder (those with a manifest), oldest first. */
export function finishedBackups(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => BACKUP.test(name) && existsSync(join(folder, name, "manifest.json")))
    .sort();
}

export const readManifest = (backup: string): Manifest => JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8"));

/** Removes what killed or failed backups left behind: `*.partial` folders. Only under the folder's lock. */
export function removePartialBackups(folder: string): string[] {
  const partial = readdirSync(folder).filter((name) => name.endsWith(PARTIAL));
  for (const name of partial) rmSync(join(folder, name), { recursive: true, force: true });
  return partial;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * One backup at a time per folder: `.lock` holds the running backup's process id. A lock whose process is gone
 * (killed) is taken over. Returns the release.
 */
export function lockFolder(folder: string): () => void {
  const lock = join(folder, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lock, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new BackupRefused(`Another backup (process ${holder}) is writing to ${folder}`);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new BackupRefused(`Cannot lock ${folder}`);
}
