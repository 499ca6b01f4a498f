import { precompress, sendOnce, sendVariant, type Variants } from "../../src/server/http/compression";

interface Entry {
  /** The lists' content version read before the answer was built. */
  version: number;
  /** When its build began: the counts it shows are no older. */
  builtAt: number;
  variants: Variants;
}

/**
 * List answers kept in memory as bytes, keyed by what the answer depends on (list, viewer, query string),
 * valid while the database's list content version says nothing they show has changed; least recently used first
 * out past `maxBytes`. The ETag names the bytes, so any instance holding the same answer gives the same one.
 * Each is kept ready to send with its brotli and gzip forms (compression.ts), made once as it is built. Answers are
 * built as JSON text (`make`): list pages write their waveforms as stored (tracks' trackListJsonOf).
 *
 * Counters: plays and downloads raise no version. Rebuilding every hot list on every play would leave the cache
 * empty under real listening, and a version every play raised was one database row every play in the cluster
 * wrote, one after another. So an answer is kept for at most `counterStalenessMs` from when its build
 * began (LIST_COUNTER_STALENESS_SECONDS), whatever was played: on every instance, the counts a list shows are
 * never older than that; 0 keeps nothing. Everything else a list shows is never stale: the content version must
 * match.
 */
/**
 * The headers of a list answer, kept or not. `shared` answers (the same for every viewer) may be kept by shared
 * caches; the others are private.
 */
const answerHeaders = (json: string, shared: boolean) => ({
  "content-type": "application/json",
  "cache-control": `${shared ? "public" : "private"}, no-cache`,
  // What api.ts adds to every /api answer; a kept answer leaves before its hooks run.
  "referrer-policy": "no-referrer",
  // Named by the bytes: any instance holding the same answer, or making it again, gives the same ETag.
  etag: `"${Bun.hash(json).toString(36)}"`,
});

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
  /** Builds under way, by version and key: requests that miss meanwhile share the one build. */
  const building = new Map<string, Promise<Entry>>();
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

  const flightOf = (key: string, version: number) => `${version} ${key}`;

  /**
   * Current: at the content version, and its counts young enough, or being built again only for its counts (the
   * requests that arrive meanwhile get the copy in hand, a build's time older, rather than all waiting for it).
   */
  function current(key: string, entry: Entry, version: number): boolean {
    if (entry.version !== version) return false;
    const age = now() - entry.builtAt;
    return age < counterStalenessMs || (counterStalenessMs > 0 && building.has(flightOf(key, version)));
  }

  return {
    /** The kept answer when it is still current, else undefined (the caller builds it). */
    hit(request: Request, key: string, version: number): Response | undefined {
      const entry = entries.get(key);
      if (!entry || !current(key, entry, version)) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return sendVariant(request, entry.variants);
    },

    /**
     * Builds the answer for `key` with `make` and keeps it at `version` (read before the build began, so a change
     * made meanwhile leaves the entry behind the database and it is built again), then answers with it.
     */
    async build(request: Request, key: string, version: number, shared: boolean, make: () => Promise<string>): Promise<Response> {
      const flight = flightOf(key, version);
      let started = building.get(flight);
      if (!started) {
        started = (async () => {
          const builtAt = now();
          const json = await make();
          const variants = await precompress(json, answerHeaders(json, shared));
          const entry = { version, builtAt, variants };
          remember(key, entry);
          return entry;
        })().finally(() => building.delete(flight));
        building.set(flight, started);
      }
      return sendVariant(request, (await started).variants);
    },

    /** The answer `make` builds, sent as a kept one would be (ETag, 304) but not kept: one nobody asked for before. */
    async once(request: Request, shared: boolean, make: () => Promise<string>): Promise<Response> {
      const json = await make();
      return sendOnce(request, json, answerHeaders(json, shared));
    },

    /** Bytes held (for tests and memory figures). */
    get bytes() {
      return bytes;
    },
  };
}
