import { compress, compressHard, type Encoding, isCurrent } from "../../src/server/http/compression";
import type { HeldForm } from "./held";
import type { KeptForm, KeptPage } from "./repo";

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A kept answer's ETag, named by the version, the fills and the bytes: any instance holding this answer gives the
 * same ETag (whether it sends the kept bytes or its own render's), and a page rendered again with other counts (the
 * home page) gets another.
 */
export function keptEtag(version: string, fills: string, body: Bytes): string {
  return `"${Bun.hash(`${version}:${fills}:${Bun.hash(body)}`).toString(36)}"`;
}

/** A rendered answer made ready to keep: compressed hard once in both encodings, named by a strong ETag. */
export async function keptPageOf({
  key,
  version,
  build,
  fills,
  builtAt,
  body,
  contentType,
  cacheControl,
}: Omit<KeptPage, "etag" | "br" | "gzip"> & { body: Bytes }): Promise<KeptPage> {
  const [br, gzip] = await Promise.all([compressHard(body, "br"), compressHard(body, "gzip")]);
  return {
    key,
    version,
    build,
    fills,
    builtAt,
    etag: keptEtag(version, fills, body),
    contentType,
    cacheControl,
    br,
    gzip,
  };
}

/**
 * A kept page made ready to send in the encoding the client accepts: `encoding` null carries the gzip form
 * decompressed (clients that accept neither are rare: a few scripts and probes). Each encoding is its own
 * representation with its own strong ETag (`"…-br"`, as compression.ts names them).
 */
export function readyForm(
  kept: Pick<KeptForm, "etag" | "contentType" | "cacheControl" | "body">,
  encoding: Encoding | null,
  extraHeaders: Record<string, string>,
): HeldForm {
  return formOf(kept, encoding, encoding ? kept.body : Bun.gunzipSync(kept.body as Bytes), extraHeaders);
}

/**
 * An answer just rendered, in the encoding the client accepts at the fast setting (about a millisecond), with the
 * headers and ETag its kept forms will have: sent while those are compressed hard and kept, off the request path.
 */
export function fastForm(
  rendered: Pick<KeptForm, "etag" | "contentType" | "cacheControl"> & { body: Bytes },
  encoding: Encoding | null,
  extraHeaders: Record<string, string>,
): HeldForm {
  return formOf(rendered, encoding, encoding ? compress(rendered.body, encoding) : rendered.body, extraHeaders);
}

/** `body`, in `encoding` already, with its representation's headers (each encoding its own ETag, `"…-br"`). */
function formOf(
  page: Pick<KeptForm, "etag" | "contentType" | "cacheControl">,
  encoding: Encoding | null,
  body: Uint8Array,
  extraHeaders: Record<string, string>,
): HeldForm {
  const own: Record<string, string> = {
    "content-type": page.contentType,
    "cache-control": page.cacheControl,
    vary: "accept-encoding",
    etag: encoding ? `"${page.etag.slice(1, -1)}-${encoding}"` : page.etag,
    ...extraHeaders,
  };
  const notModified = new Headers(own);
  if (encoding) own["content-encoding"] = encoding;
  return { etag: page.etag, body: body as Bytes, headers: new Headers(own), notModified };
}

/** The answer carrying `form`, or a 304 when the client's copy (in any encoding) is current. */
export function sendForm(request: Request, form: HeldForm): Response {
  if (isCurrent(request, form.etag)) return new Response(null, { status: 304, headers: form.notModified });
  return new Response(form.body, { headers: form.headers });
}
