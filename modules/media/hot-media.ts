import type { StoredFile } from "../../src/server/store";

/**
 * The media files listeners are reading right now, kept in memory. Bun sends a file's Range with sendfile on a
 * worker thread (a hand-over per request) and reaches about three quarters of nginx's rate for 1 MB ranges; the same
 * bytes sent from memory go at least as fast as nginx. A file is kept from its second request within a while (a
 * crawler reading each file once keeps nothing), up to HOT_MEDIA_BYTES in all, least recently used out first.
 * Entries are named by the file's key, size and modification time, so a replaced file is never sent stale.
 */
export const HOT_MEDIA_BYTES = 16 * 1024 * 1024;
/** Larger files (WAV and FLAC downloads) are read from disk: a few of them would fill the memory. */
export const HOT_MEDIA_MAX_FILE_BYTES = 8 * 1024 * 1024;
/** How many recently asked-for files are remembered to spot a second request. */
const SEEN_KEYS = 4096;

interface Kept {
  version: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const kept = new Map<string, Kept>();
const seen = new Map<string, string>();
const loading = new Set<string>();
let keptBytes = 0;

const versionOf = (stat: StoredFile) => `${stat.size}:${stat.lastModified}`;

/** The file's bytes when they are kept and current; otherwise null, after noting the request (and maybe loading). */
export function hotMedia(key: string, stat: StoredFile, blob: Blob): Uint8Array<ArrayBuffer> | null {
  const version = versionOf(stat);
  const entry = kept.get(key);
  if (entry?.version === version) {
    // Most recently used last: Map keeps insertion order.
    kept.delete(key);
    kept.set(key, entry);
    return entry.bytes;
  }
  if (stat.size > HOT_MEDIA_MAX_FILE_BYTES || stat.size === 0) return null;
  if (seen.get(key) !== version) {
    remember(key, version);
    return null;
  }
  if (!loading.has(key)) void load(key, version, stat.size, blob);
  return null;
}

function remember(key: string, version: string): void {
  seen.delete(key);
  seen.set(key, version);
  if (seen.size > SEEN_KEYS) seen.delete(seen.keys().next().value as string);
}

async function load(key: string, version: string, size: number, blob: Blob): Promise<void> {
  loading.add(key);
  try {
    const bytes = await blob.bytes();
    // The file changed while it was read: the next request sees its new version and starts again.
    if (bytes.length !== size) return;
    forget(key);
    kept.set(key, { version, bytes });
    keptBytes += bytes.length;
    for (const [oldest, entry] of kept) {
      if (keptBytes <= HOT_MEDIA_BYTES) break;
      kept.delete(oldest);
      keptBytes -= entry.bytes.length;
    }
  } catch {
    // Gone or unreadable: it is served (or refused) from the store as before.
  } finally {
    loading.delete(key);
  }
}

/** Drops a file's older bytes before its new ones are kept. */
function forget(key: string): void {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  keptBytes -= entry.bytes.length;
}

/** What is kept, for tests and the bench: files and bytes. */
export function hotMediaUse(): { files: number; bytes: number } {
  return { files: kept.size, bytes: keptBytes };
}
