import { createWriteStream, mkdirSync, rmSync, statSync } from "node:fs";
import { copyFile, mkdir, rename, rm, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { assertKey, type FileStore, type StoredFile } from "./file-store";

/** Where writes in progress live: under the root (one disk, so renaming into place is atomic), never a key. */
const PARTIAL_FOLDER = ".partial";

/**
 * Media on local disk under a root folder. Writes go to `.partial/` and are renamed into place, so a process killed
 * mid-write leaves its leftovers in one folder, which `sweepPartialWrites` empties at boot (a local store has one
 * process, like the staging folder) instead of a walk of every track's folder.
 */
export function createLocalStore(root: string): FileStore & { sweepPartialWrites(): void } {
  const pathOf = (key: string) => join(root, assertKey(key));
  const partialFolder = join(root, PARTIAL_FOLDER);

  /**
   * Synchronous on purpose: a stat of a local file takes a microsecond or two, where the promise
   * version's trip through the thread pool costs tens (media requests stat on every answer).
   */
  async function statOf(path: string): Promise<StoredFile | null> {
    try {
      const s = statSync(path, { throwIfNoEntry: false });
      return s?.isFile() ? { size: s.size, lastModified: s.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  async function atomically(key: string, write: (tmp: string) => Promise<void>): Promise<StoredFile> {
    const final = pathOf(key);
    await mkdir(dirname(final), { recursive: true });
    await mkdir(partialFolder, { recursive: true });
    const tmp = join(partialFolder, crypto.randomUUID());
    try {
      await write(tmp);
      await rename(tmp, final);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return (await statOf(final)) as StoredFile;
  }

  return {
    put: (key, data) =>
      atomically(key, async (tmp) => {
        await Bun.write(tmp, data);
      }),
    // pipeline waits for each chunk to be written before pulling the next (backpressure).
    putStream: (key, source) => atomically(key, (tmp) => pipeline(source, createWriteStream(tmp))),
    putFile: (key, localPath) =>
      atomically(key, async (tmp) => {
        await rename(localPath, tmp).catch(async () => {
          await copyFile(localPath, tmp);
          await unlink(localPath);
        });
      }),
    async get(key) {
      const path = pathOf(key);
      return (await statOf(path)) ? Bun.file(path) : null;
    },
    async stream(key) {
      const file = await this.get(key);
      return file ? file.stream() : null;
    },
    stat: (key) => statOf(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
    deletePrefix: (prefix) => rm(pathOf(prefix), { recursive: true, force: true }),
    // The stored file itself: ffmpeg only reads it, and the scratch folder is not needed.
    localPath: async (key) => pathOf(key),
    sweepPartialWrites() {
      rmSync(partialFolder, { recursive: true, force: true });
      mkdirSync(partialFolder, { recursive: true });
    },
  };
}
