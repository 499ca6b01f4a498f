import { mkdirSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { config } from "../config";

/**
 * Scratch space on local disk for uploads and ffmpeg outputs before they enter the file store.
 * Anything left here by a crash is swept at boot (`sweepStaging`): it never held a finished file.
 */
const stagingDir = () => join(config().dataDir, "staging");

/** A fresh staging folder for one job or request; callers remove it when done. */
export function stagingFolder(): string {
  const dir = join(stagingDir(), crypto.randomUUID());
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs `work` with a fresh staging folder that is removed afterwards, whatever happened. */
export async function withStagingFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = stagingFolder();
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function sweepStaging(): void {
  rmSync(stagingDir(), { recursive: true, force: true });
  mkdirSync(stagingDir(), { recursive: true });
}
