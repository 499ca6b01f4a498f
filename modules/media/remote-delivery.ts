import { config } from "../../src/server/config";
import { notFound } from "../../src/server/errors";
import type { SignedUrlOptions } from "../../src/server/store/file-store";
import { matchesAny, mediaHeaders, parseRange, type Served, type ServeOptions, unsatisfiableRange } from "./serve-file";

/**
 * How long a presigned media URL works: long enough for a player to start, seek and finish a long
 * track (browsers reuse the redirected URL for their Range requests), short enough that a leaked one
 * soon stops working. Access was checked before signing; the URL is the proof of that check.
 */
const SIGNED_URL_SECONDS = 15 * 60;

type Sign = (key: string, options: SignedUrlOptions) => string;

/**
 * Upstream headers passed on as they are: they describe the bytes S3 sends. (Bun 1.4 still drops
 * Content-Length on a streamed body and sends it chunked: oven-sh/bun#10507.)
 */
const PASSED_ON = ["content-length", "content-range", "etag", "last-modified"];

/** Request headers that may make the bucket send less than the whole file. */
const CONDITIONS = ["range", "if-none-match", "if-modified-since"];

/**
 * Media from a remote store (S3), after the route's access check. `MEDIA_DELIVERY=redirect` (default)
 * answers 302 to a presigned URL that carries the type and download name (`response-content-type`,
 * `response-content-disposition`); `proxy` streams the object through the app, Range included.
 */
export function serveRemoteFile(request: Request, key: string, options: ServeOptions, missing: string, sign: Sign) {
  // The proxy sets every header itself, so its URL asks the bucket for no overrides.
  if (config().mediaDelivery === "proxy") return proxy(request, sign(key, { expiresInSeconds: 60 }), missing, options);
  const location = sign(key, {
    expiresInSeconds: SIGNED_URL_SECONDS,
    contentType: options.contentType,
    contentDisposition: options.disposition,
  });
  const headers = new Headers({ location, "cache-control": "private, no-store" });
  // The bucket serves the bytes, so a download counts here when it will be the whole file: no range asked, and
  // no copy held already (a conditional request may well get the bucket's 304).
  const complete = !CONDITIONS.some((name) => request.headers.has(name));
  return Promise.resolve<Served>({ response: new Response(null, { status: 302, headers }), complete });
}

/** The object fetched from its presigned URL with the client's Range, and streamed back with our headers. */
async function proxy(request: Request, url: string, missing: string, options: ServeOptions): Promise<Served> {
  const range = request.headers.get("range");
  let upstream = await fetch(url, { headers: range ? { range } : {} });
  if (upstream.status === 404) throw notFound(missing);
  const headers = mediaHeaders(options);
  // The bucket's 416 is passed on in our shape; a server that answers such a range with 206 anyway
  // (s3rver does) is held to RFC 9110 here too.
  const size = range ? await totalSize(upstream, url) : 0;
  if (range && (upstream.status === 416 || parseRange(range, size) === "unsatisfiable")) {
    await upstream.body?.cancel();
    return { response: unsatisfiableRange(headers, size), complete: false };
  }
  if (upstream.status !== 200 && upstream.status !== 206) {
    await upstream.body?.cancel();
    throw new Error(`the object store answered ${upstream.status} for a media read`);
  }
  const etag = upstream.headers.get("etag") ?? "";
  if (matchesAny(request.headers.get("if-none-match"), etag)) {
    await upstream.body?.cancel();
    for (const name of ["etag", "last-modified"]) headers.set(name, upstream.headers.get(name) ?? "");
    return { response: new Response(null, { status: 304, headers }), complete: false };
  }
  // If-Range: a client resuming an older version of the file gets the whole new one instead.
  const ifRange = request.headers.get("if-range");
  if (upstream.status === 206 && ifRange && ifRange !== etag) {
    await upstream.body?.cancel();
    upstream = await fetch(url);
  }
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = request.method === "HEAD" ? null : upstream.body;
  if (!body) await upstream.body?.cancel();
  return { response: new Response(body, { status: upstream.status, headers }), complete: upstream.status === 200 };
}

/** The object's size from an answer to a ranged GET; S3's 416 may omit it, so one byte's range tells it. */
async function totalSize(upstream: Response, url: string): Promise<number> {
  const total = upstream.headers.get("content-range")?.split("/")[1];
  if (total && total !== "*") return Number(total);
  if (upstream.status === 200) return Number(upstream.headers.get("content-length"));
  const probe = await fetch(url, { headers: { range: "bytes=0-0" } });
  await probe.body?.cancel();
  return Number(probe.headers.get("content-range")?.split("/")[1] ?? 0);
}
