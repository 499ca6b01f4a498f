import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Writable } from "node:stream";

/**
 * The content-addressed store shared by every backup of a folder: `objects/<first two hex>/<sha256>`. A file
 * that an earlier backup already holds is named again, never copied again, and an object is written once,
 * under a temporary name renamed into place, so a backup killed mid-copy leaves no half object under a digest.
 */
export function objectStore(folder: string) {
  const root = join(folder, "objects");
  const temporary = join(root, ".incoming");
  const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), sha256);

  return {
    pathOf,
    /** The stored size of an object, or null when the store lacks it. */
    sizeOf(sha256: string): number | null {
      const stat = statSync(pathOf(sha256), { throwIfNoEntry: false });
      return stat?.isFile() ? stat.size : null;
    },
    /** Streams `source` into the store while hashing it; returns its digest and size. */
    async add(source: ReadableStream<Uint8Array>): Promise<{ sha256: string; size: number }> {
      mkdirSync(temporary, { recursive: true });
      const incoming = join(temporary, crypto.randomUUID());
      const hasher = new Bun.CryptoHasher("sha256");
      let size = 0;
      try {
        const out = Writable.toWeb(createWriteStream(incoming)) as WritableStream<Uint8Array>;
        await source
          .pipeThrough(
            new TransformStream<Uint8Array, Uint8Array>({
              transform(chunk, controller) {
                hasher.update(chunk);
                size += chunk.byteLength;
                controller.enqueue(chunk);
              },
            }),
          )
          .pipeTo(out);
        const sha256 = hasher.digest("hex");
        if (this.sizeOf(sha256) === size) await rm(incoming);
        else {
          mkdirSync(join(root, sha256.slice(0, 2)), { recursive: true });
          await rename(incoming, pathOf(sha256));
        }
        return { sha256, size };
      } catch (error) {
        await rm(incoming, { force: true });
        throw error;
      }
    },
    /** Removes what a killed backup left mid-copy (only ever called under the folder's lock). */
    clearIncoming(): void {
      rmSync(temporary, { recursive: true, force: true });
    },
    /** Deletes every object no kept manifest names; returns how many went. */
    prune(kept: Set<string>): number {
      if (!existsSync(root)) return 0;
      let removed = 0;
      for (const prefix of readdirSync(root)) {
        if (prefix === ".incoming") continue;
        for (const name of readdirSync(join(root, prefix))) {
          if (kept.has(name)) continue;
          rmSync(join(root, prefix, name), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

export type ObjectStore = ReturnType<typeof objectStore>;

/** The SHA-256 of a file, streamed. */
export async function fileSha256(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}
