import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { ROOT } from "../paths";

/**
 * The Astro builds of a checkout. `dist` (or STEMMA_DIST) is a symbolic link to the current build, a folder of
 * `dist-builds/` named by the time it was started. scripts/build.ts builds into a new folder and makes it current by
 * renaming a new link over the old one, so whoever opens `dist` finds one whole build or the other, never one being
 * written. A running server keeps the folder it started from, whatever is built after: it imports its pages' code
 * from there as they are first asked for and reads its files on demand. So it names that folder in
 * `dist-builds/users/<pid>`, and a build removes only the folders no living process names.
 */
export const DIST = resolve(process.env.STEMMA_DIST ?? join(ROOT, "dist"));
const BUILDS = `${DIST}-builds`;
const USERS = join(BUILDS, "users");
const LOCK = join(BUILDS, "lock");
/** A build folder's name: when it was started, so names sort by age. */
const BUILD_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;
/** Written into a build once it is whole: the content id of what it was built from (scripts/build.ts). */
const INPUTS_FILE = "inputs";

const buildName = (time: Date) => time.toISOString().replace(/[:.]/g, "-");

/** A file's text, or null when it is gone (another process may remove it any moment). */
function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Errors of a checkout this process may not write to: the image's, run by another user than the one who built it. */
const READ_ONLY = new Set(["EACCES", "EPERM", "EROFS"]);

/**
 * The folder of the current build, kept for this process for as long as it runs (no build removes it meanwhile).
 * Throws when there is no build yet.
 */
export function openCurrentBuild(): string {
  if (!existsSync(join(DIST, "server/entry.mjs")))
    throw new Error("The Astro build is missing: run `npm run build` (npm start does it for you).");
  const folder = realpathSync(DIST);
  // A build folder is removed only once it is neither current nor the newest before it (removeOldBuilds), so the
  // moment between reading the link and naming the folder here is safe: a removal takes two more builds.
  if (!existsSync(BUILDS) || dirname(folder) !== realpathSync(BUILDS)) return folder;
  const mark = join(USERS, String(process.pid));
  try {
    mkdirSync(USERS, { recursive: true });
    writeFileSync(mark, basename(folder));
  } catch (error) {
    // No build can be made beside a checkout this process cannot write to, so none needs to know.
    if (READ_ONLY.has((error as NodeJS.ErrnoException).code ?? "")) return folder;
    throw error;
  }
  process.on("exit", () => rmSync(mark, { force: true }));
  return folder;
}

/**
 * Runs `work` holding the checkout's build lock: builds of one checkout take turns, so none removes a folder another is
 * writing, and the one that builds last leaves its build current. A lock left by a process that died is taken over.
 */
export async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(BUILDS, { recursive: true });
  // Written whole under another name, then linked: the lock never exists without its holder's pid.
  const claim = `${LOCK}.${process.pid}`;
  writeFileSync(claim, String(process.pid));
  let waitingFor = 0;
  try {
    for (;;) {
      try {
        linkSync(claim, LOCK);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = Number(readIfThere(LOCK));
      if (!holder) continue;
      if (!isAlive(holder)) {
        rmSync(LOCK, { force: true });
        continue;
      }
      if (holder !== waitingFor) console.log(`Waiting for the build of process ${holder} to finish`);
      waitingFor = holder;
      await Bun.sleep(200);
    }
  } finally {
    rmSync(claim, { force: true });
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/** What the current build was made from (its content id), or null when there is none. */
export function currentBuildInputs(): string | null {
  return readIfThere(join(DIST, INPUTS_FILE));
}

/** A new, empty folder to build into. */
export function newBuildFolder(): string {
  const folder = join(BUILDS, buildName(new Date()));
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Marks `folder` as whole, built from `inputs`, and makes it the current build in one rename. */
export function makeCurrent(folder: string, inputs: string): void {
  writeFileSync(join(folder, INPUTS_FILE), inputs);
  const link = `${DIST}.${process.pid}.new`;
  rmSync(link, { force: true });
  // Relative, so a checkout moved elsewhere (or copied into an image) keeps its build.
  symlinkSync(relative(dirname(DIST), folder), link);
  // A build made before builds had folders of their own is a real folder, which a link cannot replace: it joins the
  // others, named by its age, and goes with the old ones.
  if (existsSync(DIST) && !lstatSync(DIST).isSymbolicLink()) {
    renameSync(DIST, join(BUILDS, buildName(statSync(DIST).mtime)));
  }
  renameSync(link, DIST);
}

/**
 * Removes the builds older than the current one that nothing needs: kept are the newest of them that was whole (a
 * server may be starting from it this moment: it was current a moment ago) and any a living process names. Newer
 * folders are left alone: another build may still be writing one. Run holding the build lock.
 */
export function removeOldBuilds(): void {
  if (!existsSync(DIST) || !lstatSync(DIST).isSymbolicLink()) return;
  const currentFolder = realpathSync(DIST);
  if (dirname(currentFolder) !== realpathSync(BUILDS)) return;
  const current = basename(currentFolder);
  const used = new Set<string>();
  for (const pid of existsSync(USERS) ? readdirSync(USERS) : []) {
    const mark = join(USERS, pid);
    const name = isAlive(Number(pid)) ? readIfThere(mark) : null;
    if (name) used.add(name);
    else rmSync(mark, { force: true });
  }
  const older = readdirSync(BUILDS)
    .filter((name) => BUILD_NAME.test(name) && name < current)
    .sort();
  const previous = older.findLast((name) => existsSync(join(BUILDS, name, INPUTS_FILE)));
  for (const name of older)
    if (name !== previous && !used.has(name)) rmSync(join(BUILDS, name), { recursive: true, force: true });
}
