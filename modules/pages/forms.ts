import { compress, type Encoding, isCurrent } from "../../src/server/compression";
import type { KeptForm, KeptPage } from "./repo";

type Bytes = Uint8Array<ArrayBuffer>;

/** A rendered answer made ready to keep: compressed hard once in both encodings, named by a strong ETag. */
export function keptPageOf({
  key,
  version,
  build,
  fills,
  builtAt,
  body,
  contentType,
  cacheControl,
}: Omit<KeptPage, "etag" | "br" | "gzip"> & { body: Bytes }): KeptPage {
  return {
    key,
    version,
    build,
    fills,
    builtAt,
    // Named by what made the bytes: any instance holding this answer gives the same ETag.
    etag: `"${Bun.hash(`${build}:${key}:${version}:${fills}`).toString(36)}"`,
    contentType,
    cacheControl,
    br: compress(body, "br", "hard"),
    gzip: compress(body, "gzip", "hard"),
  };
}

/**
 * The answer carrying a kept page in the encoding the client accepts: `encoding` null sends the gzip form
 * decompressed (clients that accept neither are rare: a few scripts and probes). Each encoding is its own
 * representation with its own strong ETag (`"…-br"`, as compression.ts names them); a 304 for any of them.
 */
export function sendKept(
  request: Request,
  form: Pick<KeptForm, "etag" | "contentType" | "cacheControl" | "body">,
  encoding: Encoding | null,
  extraHeaders: Record<string, string>,
): Response {
  const headers: Record<string, string> = {
    "content-type": form.contentType,
    "cache-control": form.cacheControl,
    vary: "accept-encoding",
    etag: encoding ? `"${form.etag.slice(1, -1)}-${encoding}"` : form.etag,
    ...extraHeaders,
  };
  if (isCurrent(request, form.etag)) return new Response(null, { status: 304, headers });
  if (!encoding) return new Response(Bun.gunzipSync(form.body as Bytes), { headers });
  headers["content-encoding"] = encoding;
  return new Response(form.body as Bytes, { headers });
}
