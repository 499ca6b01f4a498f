import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Files that are not part of what the server sends (tests of every kind). */
const NOT_SHIPPED = /\.(test|e2e)\.tsx?$/;

/** The file itself, or the files under a folder, less those `leaveOut` names. */
function filesOf(path: string, leaveOut: RegExp): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !leaveOut.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A content id of the running build: the Astro server build and the server's own code (which shapes the JSON
 * pages render), named by what they hold, not when they were written. Every instance of one image agrees on it,
 * and a deploy that changes any of it changes it, so answers kept by another build are rendered again. Given other
 * files and folders (and what to leave out of them), the content id of those: scripts/build.ts names the inputs of
 * a build so.
 */
export function buildIdOf(root: string, paths: string[], leaveOut = NOT_SHIPPED): string {
  let hash = 0n;
  for (const path of paths)
    for (const file of filesOf(path, leaveOut).sort())
      hash = Bun.hash.wyhash(readFileSync(file), Bun.hash.wyhash(relative(root, file), hash));
  return hash.toString(36);
}
