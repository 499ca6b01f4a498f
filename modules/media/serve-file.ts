import type { StoredFile } from "../../src/server/store";

/** How one stored file goes out: its type, who may cache it, and (for ?attachment) the disposition. */
export interface ServeOptions {
  contentType: string;
  /** Public tracks' media may sit in shared caches; private media must not be stored anywhere. */
  cacheable: boolean;
  /** `Content-Disposition` for downloads; absent for inline playback. */
  disposition?: string;
}

type ByteRange = { start: number; end: number };

/**
 * A single `bytes=` range (RFC 9110 §14.1.2). null means "send the whole file": no header, another unit,
 * several ranges (allowed to be ignored) or an invalid spec; "unsatisfiable" answers 416.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

/** Strong validator: a stored key is only ever replaced whole, so key + size + mtime identify the bytes. */
function etagOf(key: string, stat: StoredFile): string {
  return `"${Bun.hash(`${key}:${stat.size}:${stat.lastModified}`).toString(36)}"`;
}

/** If-None-Match uses weak comparison: `W/` prefixes are ignored, `*` matches anything. */
export function matchesAny(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export interface Served {
  response: Response;
  /** True only for a complete 200 body: what counts as a download. */
  complete: boolean;
}

/** The headers every media answer carries, wherever its bytes come from. */
export function mediaHeaders(options: ServeOptions): Headers {
  const headers = new Headers({
    "accept-ranges": "bytes",
    "cache-control": options.cacheable ? "public, max-age=300" : "private, no-store",
    "content-type": options.contentType,
    // The bytes are user uploads: never let a browser sniff them into HTML or run them as a page.
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (options.disposition) headers.set("content-disposition", options.disposition);
  return headers;
}

/** The 416 answer: the size, and the one error shape instead of the file's type and name. */
export function unsatisfiableRange(headers: Headers, size: number): Response {
  headers.set("content-range", `bytes */${size}`);
  headers.set("content-type", "application/json");
  headers.delete("content-disposition");
  return new Response(JSON.stringify({ message: "Requested range not satisfiable" }), { status: 416, headers });
}

/**
 * Answers GET for a stored file with ETag/304, Range/206/416 and safe headers. `body` is the stored Blob, read lazily,
 * or the file's bytes when they are in memory (hot-media.ts).
 */
export function serveFile(
  request: Request,
  body: Blob | Uint8Array<ArrayBuffer>,
  key: string,
  stat: StoredFile,
  options: ServeOptions,
): Served {
  const etag = etagOf(key, stat);
  const headers = mediaHeaders(options);
  headers.set("etag", etag);
  headers.set("last-modified", new Date(stat.lastModified).toUTCString());

  if (matchesAny(request.headers.get("if-none-match"), etag)) {
    return { response: new Response(null, { status: 304, headers }), complete: false };
  }
  // If-Range: a client resuming an older version of the file gets the whole new one instead.
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range"), stat.size);
  if (range === "unsatisfiable") return { response: unsatisfiableRange(headers, stat.size), complete: false };
  if (range) {
    headers.set("content-range", `bytes ${range.start}-${range.end}/${stat.size}`);
    headers.set("content-length", String(range.end - range.start + 1));
    return {
      response: new Response(
        body instanceof Uint8Array ? body.subarray(range.start, range.end + 1) : body.slice(range.start, range.end + 1),
        { status: 206, headers },
      ),
      complete: false,
    };
  }
  headers.set("content-length", String(stat.size));
  return { response: new Response(body, { status: 200, headers }), complete: true };
}
