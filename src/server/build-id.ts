import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Files that are not part of what the server sends (tests of every kind). */
const NOT_SHIPPED = /\.(test|e2e)\.tsx?$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !NOT_SHIPPED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A content id of the running build: the Astro server build and the server's own code (which shapes the JSON
 * pages render), named by what they hold, not when they were written. Every instance of one image agrees on it,
 * and a deploy that changes any of it changes it, so answers kept by another build are rendered again.
 */
export function buildIdOf(root: string, folders: string[]): string {
  let hash = 0n;
  for (const folder of folders)
    for (const file of filesUnder(folder).sort())
      hash = Bun.hash.wyhash(readFileSync(file), Bun.hash.wyhash(relative(root, file), hash));
  return hash.toString(36);
}
