import { brotliCompressSync, constants } from "node:zlib";

/**
 * Content encodings by Accept-Encoding (brotli, then gzip). Text we keep (cached pages, built assets) is
 * compressed once, hard; answers made per request (API JSON) are compressed fast. Media never comes here:
 * audio and images are compressed already and must keep their byte ranges.
 */
export type Encoding = "br" | "gzip";

/** Below this, compressing saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The encoding to send: the client's preferred of br and gzip (q-values honoured, `*` included), or null. */
export function acceptedEncoding(header: string | null): Encoding | null {
  if (!header) return null;
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

/** `hard` for bytes kept and sent many times, else a fast setting for one answer. */
export function compress(bytes: Bytes, encoding: Encoding, effort: "hard" | "fast"): Bytes {
  if (encoding === "gzip") return Bun.gzipSync(bytes, { level: effort === "hard" ? 9 : 4 });
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === "hard" ? 9 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** One text kept in memory with its compressed forms, ready to answer any Accept-Encoding. */
export interface Variants {
  identity: Bytes;
  br: Bytes | null;
  gzip: Bytes | null;
}

export function precompress(body: string | Bytes): Variants {
  const identity = typeof body === "string" ? new TextEncoder().encode(body) : body;
  if (identity.length < MIN_COMPRESSED_BYTES) return { identity, br: null, gzip: null };
  return { identity, br: compress(identity, "br", "hard"), gzip: compress(identity, "gzip", "hard") };
}

/**
 * Whether If-None-Match names this text (`etag` as `"…"`) in any encoding: each encoding is its own
 * representation with its own strong ETag (`"…-br"`), and any of them proves the client is current.
 */
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
 * The answer carrying the variant this request accepts (304 when the client's copy is current);
 * `headers` are the representation's own, with `etag` naming the text whatever its encoding.
 */
export function sendVariant(request: Request, variants: Variants, headers: Record<string, string>): Response {
  const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
  const compressed = encoding ? variants[encoding] : null;
  const out = new Headers(headers);
  out.set("vary", "accept-encoding");
  const etag = headers.etag;
  if (encoding && compressed) {
    out.set("content-encoding", encoding);
    if (etag) out.set("etag", `"${etag.slice(1, -1)}-${encoding}"`);
  }
  if (etag && isCurrent(request, etag)) {
    out.delete("content-encoding");
    return new Response(null, { status: 304, headers: out });
  }
  return new Response(compressed ?? variants.identity, { headers: out });
}
