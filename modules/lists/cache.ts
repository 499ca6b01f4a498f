import { acceptedEncoding, compress, MIN_COMPRESSED_BYTES, sendVariant, type Variants } from "../../src/server/compression";
import type { ListVersions } from "./repo";

interface Entry {
  versions: ListVersions;
  builtAt: number;
  variants: Variants;
  etag: string;
  cacheControl: string;
}

const encoder = new TextEncoder();
const size = (entry: Entry) =>
  entry.variants.identity.length + (entry.variants.br?.length ?? 0) + (entry.variants.gzip?.length ?? 0);

/**
 * List answers kept in memory as bytes, keyed by what the answer depends on (list, viewer, query string),
 * valid while the database's list versions say nothing they show has changed; least recently used first
 * out past `maxBytes`. The ETag names the bytes, so any instance holding the same answer gives the same one.
 * Compressed forms are made the first time a client asks for them, then kept with the entry.
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
    bytes -= size(entry);
    entries.delete(key);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += size(entry);
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function current(entry: Entry, versions: ListVersions): boolean {
    if (entry.versions.content !== versions.content) return false;
    return entry.versions.counters === versions.counters || now() - entry.builtAt < counterStalenessMs;
  }

  /** The answer for this request, compressing (once) into the encoding it accepts when that is missing. */
  function answer(request: Request, key: string, entry: Entry): Response {
    const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
    const identity = entry.variants.identity;
    if (encoding && !entry.variants[encoding] && identity.length >= MIN_COMPRESSED_BYTES) {
      forget(key);
      entry.variants[encoding] = compress(identity, encoding, "fast");
      remember(key, entry);
    }
    return sendVariant(request, entry.variants, {
      "content-type": "application/json",
      "cache-control": entry.cacheControl,
      etag: entry.etag,
    });
  }

  return {
    /** The kept answer when it is still current, else undefined (the caller builds it). */
    hit(request: Request, key: string, versions: ListVersions): Response | undefined {
      const entry = entries.get(key);
      if (!entry || !current(entry, versions)) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return answer(request, key, entry);
    },

    /**
     * Keeps `value` as the answer for `key` at `versions` (read before `value` was built, so a change made
     * meanwhile leaves the entry behind the database and it is built again) and answers with it.
     * `shared` answers (the same for every viewer) may be kept by shared caches; the others are private.
     */
    store(request: Request, key: string, versions: ListVersions, value: unknown, shared: boolean): Response {
      const identity = encoder.encode(JSON.stringify(value));
      const entry: Entry = {
        versions,
        builtAt: now(),
        variants: { identity, br: null, gzip: null },
        etag: `"${Bun.hash(identity).toString(36)}"`,
        cacheControl: `${shared ? "public" : "private"}, no-cache`,
      };
      remember(key, entry);
      return answer(request, key, entry);
    },

    /** Bytes held (for tests and memory figures). */
    get bytes() {
      return bytes;
    },
  };
}
