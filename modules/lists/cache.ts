import { precompress, sendVariant, type Variants } from "../../src/server/compression";
import type { ListVersions } from "./repo";

interface Entry {
  versions: ListVersions;
  builtAt: number;
  variants: Variants;
}

/**
 * List answers kept in memory as bytes, keyed by what the answer depends on (list, viewer, query string),
 * valid while the database's list versions say nothing they show has changed; least recently used first
 * out past `maxBytes`. The ETag names the bytes, so any instance holding the same answer gives the same one.
 * Each is kept ready to send with its brotli and gzip forms (compression.ts), made once as it is built.
 *
 * Counters: a play or a download raises only the counters version. Rebuilding every hot list on every play
 * would leave the cache empty under real listening, so an answer whose counts are behind is kept for up to
 * `counterStalenessMs` after it was built (LIST_COUNTER_STALENESS_SECONDS). Everything else a list shows is
 * never stale: the content version must match.
 */
export function createListCache({
  maxBytes,
  counterStalenessMs,
  now = Date.now,
}: {
  maxBytes: number;
  counterStalenessMs: number;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.variants.bytes;
    entries.delete(key);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += entry.variants.bytes;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function current(entry: Entry, versions: ListVersions): boolean {
    if (entry.versions.content !== versions.content) return false;
    return entry.versions.counters === versions.counters || now() - entry.builtAt < counterStalenessMs;
  }

  return {
    /** The kept answer when it is still current, else undefined (the caller builds it). */
    hit(request: Request, key: string, versions: ListVersions): Response | undefined {
      const entry = entries.get(key);
      if (!entry || !current(entry, versions)) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return sendVariant(request, entry.variants);
    },

    /**
     * Keeps `value` as the answer for `key` at `versions` (read before `value` was built, so a change made
     * meanwhile leaves the entry behind the database and it is built again) and answers with it.
     * `shared` answers (the same for every viewer) may be kept by shared caches; the others are private.
     */
    store(request: Request, key: string, versions: ListVersions, value: unknown, shared: boolean): Response {
      const json = JSON.stringify(value);
      const variants = precompress(json, {
        "content-type": "application/json",
        "cache-control": `${shared ? "public" : "private"}, no-cache`,
        // What api.ts adds to every /api answer; a kept answer leaves before its hooks run.
        "referrer-policy": "no-referrer",
        // Named by the bytes: any instance holding the same answer gives the same ETag.
        etag: `"${Bun.hash(json).toString(36)}"`,
      });
      remember(key, { versions, builtAt: now(), variants });
      return sendVariant(request, variants);
    },

    /** Bytes held (for tests and memory figures). */
    get bytes() {
      return bytes;
    },
  };
}
