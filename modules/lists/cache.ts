import { acceptedEncoding, compress, type Encoding, isCurrent, MIN_COMPRESSED_BYTES } from "../../src/server/compression";
import type { ListVersions } from "./repo";

/** One encoding of a kept answer, ready to send: a Blob (sent without copying) and its headers. */
interface Form {
  body: Blob;
  headers: Record<string, string>;
}

interface Entry {
  versions: ListVersions;
  builtAt: number;
  identity: Uint8Array<ArrayBuffer>;
  etag: string;
  cacheControl: string;
  forms: Partial<Record<Encoding | "identity", Form>>;
  bytes: number;
}

const encoder = new TextEncoder();

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
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function current(entry: Entry, versions: ListVersions): boolean {
    if (entry.versions.content !== versions.content) return false;
    return entry.versions.counters === versions.counters || now() - entry.builtAt < counterStalenessMs;
  }

  /** The form of `entry` in `encoding`, made (and counted in the cache's size) the first time it is asked for. */
  function formOf(key: string, entry: Entry, encoding: Encoding | null): Form {
    const made = entry.forms[encoding ?? "identity"];
    if (made) return made;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "cache-control": entry.cacheControl,
      vary: "accept-encoding",
      // What api.ts adds to every /api answer; a kept answer leaves before its hooks run.
      "referrer-policy": "no-referrer",
      // Each encoding is its own representation with its own strong ETag; any of them proves a copy current.
      etag: encoding ? `"${entry.etag.slice(1, -1)}-${encoding}"` : entry.etag,
    };
    if (encoding) headers["content-encoding"] = encoding;
    const body = encoding ? compress(entry.identity, encoding, "fast") : entry.identity;
    const form = { body: new Blob([body]), headers };
    forget(key);
    entry.forms[encoding ?? "identity"] = form;
    entry.bytes += body.length;
    remember(key, entry);
    return form;
  }

  function answer(request: Request, key: string, entry: Entry): Response {
    const accepted =
      entry.identity.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request.headers.get("accept-encoding")) : null;
    const form = formOf(key, entry, accepted);
    if (isCurrent(request, entry.etag)) {
      const headers = Object.entries(form.headers).filter(([name]) => name !== "content-encoding");
      return new Response(null, { status: 304, headers });
    }
    return new Response(form.body, { headers: form.headers });
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
        identity,
        etag: `"${Bun.hash(identity).toString(36)}"`,
        cacheControl: `${shared ? "public" : "private"}, no-cache`,
        forms: {},
        bytes: identity.length,
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
