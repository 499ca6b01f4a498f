import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip } from "node:zlib";

/**
 * Content encodings by Accept-Encoding (brotli, then gzip). Text we keep (cached pages, built assets) is
 * compressed once, hard; answers made per request (API JSON) are compressed fast. Media never comes here:
 * audio and images are compressed already and must keep their byte ranges.
 */
export type Encoding = "br" | "gzip";

/** Below this, compressing saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Distinct Accept-Encoding values seen (browsers send a handful): parsed once each, not per request. */
const ACCEPT_MEMO_LIMIT = 256;
const acceptMemo = new Map<string, Encoding | null>();

/** The encoding to send: the client's preferred of br and gzip (q-values honoured, `*` included), or null. */
export function acceptedEncoding(header: string | null): Encoding | null {
  if (!header) return null;
  const known = acceptMemo.get(header);
  if (known !== undefined) return known;
  const chosen = parseAcceptEncoding(header);
  if (acceptMemo.size >= ACCEPT_MEMO_LIMIT) acceptMemo.clear();
  acceptMemo.set(header, chosen);
  return chosen;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  return weight("gzip") > 0 ? "gzip" : null;
}

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * The brotli window (log2 of its bytes) for a text of `length` bytes: just large enough to hold it, up to
 * brotli's default of 22. A window past the text's own size finds nothing more to refer back to, but sizes
 * the encoder: quality 9 with the default window hashes into a 32 MiB table (touched almost whole even for a
 * 14 KB page), while a window of 16 or less takes a hasher of about 1 MiB. Cached pages and lists are
 * compressed on the request path whenever they change, dozens a second under load (`npm run test:load`),
 * and that table stayed resident: the output is the same size either way.
 */
export function brotliWindowBits(length: number): number {
  // The window holds 2^bits - 16 bytes; brotli takes 10 to 24.
  return Math.min(22, Math.max(10, Math.ceil(Math.log2(length + 16))));
}

const brotliParams = (length: number, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: length,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(length),
  },
});

/** A fast setting for bytes sent once (about a millisecond for a page), on the event loop. */
export function compress(bytes: Bytes, encoding: Encoding): Bytes {
  if (encoding === "gzip") return Bun.gzipSync(bytes, { level: 4 });
  return brotliCompressSync(bytes, brotliParams(bytes.length, 4));
}

const brotliOffLoop = promisify(brotliCompress);
const gzipOffLoop = promisify(gzip);

/**
 * The hard setting, for bytes kept and sent many times. It takes 5 to 15 ms for a page or a list, so it runs on
 * the thread pool: on the event loop, every request arriving meanwhile waited for it (the bench's p99).
 */
export async function compressHard(bytes: Bytes, encoding: Encoding): Promise<Bytes> {
  const packed =
    encoding === "gzip" ? await gzipOffLoop(bytes, { level: 9 }) : await brotliOffLoop(bytes, brotliParams(bytes.length, 9));
  return new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength) as Bytes;
}

/**
 * One encoding of a kept text, ready to send: the bytes as a Blob (a Response shares a Blob's bytes,
 * where a Uint8Array body would be copied on every answer) and the full headers of its 200 and its 304.
 */
interface Form {
  body: Blob;
  headers: Headers;
  notModified: Headers;
}

/** One text kept in memory with its compressed forms, ready to answer any Accept-Encoding. */
export interface Variants {
  identity: Form;
  br: Form | null;
  gzip: Form | null;
  /** The representation's own ETag (`"…"`, the same whatever the encoding), if it has one. */
  etag: string | undefined;
  /** What the forms hold, for caches that bound their size. */
  bytes: number;
}

/**
 * `body` with its brotli and gzip forms (when large enough to gain), each carrying `headers` (the
 * representation's own: type, cache-control, etag) and those of its encoding. Each encoding is its own
 * representation with its own strong ETag (`"…-br"`); `isCurrent` accepts any of them.
 */
export async function precompress(body: string | Bytes, headers: Record<string, string>): Promise<Variants> {
  const identity = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const form = (bytes: Bytes, encoding: Encoding | null): Form => {
    const own: Record<string, string> = { ...headers, vary: "accept-encoding" };
    if (encoding && headers.etag) own.etag = `"${headers.etag.slice(1, -1)}-${encoding}"`;
    const notModified = new Headers(own);
    if (encoding) own["content-encoding"] = encoding;
    return { body: new Blob([bytes]), headers: new Headers(own), notModified };
  };
  const small = identity.length < MIN_COMPRESSED_BYTES;
  const [br, gzipped] = small ? [null, null] : await Promise.all([compressHard(identity, "br"), compressHard(identity, "gzip")]);
  return {
    identity: form(identity, null),
    br: br && form(br, "br"),
    gzip: gzipped && form(gzipped, "gzip"),
    etag: headers.etag,
    bytes: identity.length + (br?.length ?? 0) + (gzipped?.length ?? 0),
  };
}

/** Whether If-None-Match names this text (`etag` as `"…"`) in any encoding: any of them proves the client is current. */
export function isCurrent(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const base = etag.slice(1, -1);
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag || tag === `"${base}-br"` || tag === `"${base}-gzip"`;
  });
}

/**
 * A text sent once, not kept, with the headers a kept one has (its ETag included, so a client's copy is checked
 * the same way wherever it was made): only the encoding this request accepts, at the fast setting.
 */
export function sendOnce(request: Request, body: string, headers: Record<string, string> & { etag: string }): Response {
  const bytes = new TextEncoder().encode(body);
  const encoding = bytes.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request.headers.get("accept-encoding")) : null;
  const own: Record<string, string> = { ...headers, vary: "accept-encoding" };
  if (encoding) own.etag = `"${headers.etag.slice(1, -1)}-${encoding}"`;
  if (isCurrent(request, headers.etag)) return new Response(null, { status: 304, headers: own });
  if (!encoding) return new Response(bytes, { headers: own });
  return new Response(compress(bytes, encoding), { headers: { ...own, "content-encoding": encoding } });
}

/** The answer carrying the form this request accepts (304 when the client's copy is current). */
export function sendVariant(request: Request, variants: Variants): Response {
  const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
  const form = (encoding && variants[encoding]) || variants.identity;
  if (variants.etag && isCurrent(request, variants.etag)) return new Response(null, { status: 304, headers: form.notModified });
  return new Response(form.body, { headers: form.headers });
}
