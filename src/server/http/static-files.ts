import { extname } from "node:path";
import { precompress, sendVariant, type Variants } from "./compression";

const TEXT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/**
 * The build's files (dist/client): text is read once, compressed once (brotli and gzip, hard) and kept
 * in memory with a content ETag; other files (images, fonts) go out from disk as they are. The build
 * is a few hundred kilobytes and never changes while the server runs.
 */
export function staticFiles() {
  const kept = new Map<string, Variants>();

  async function keep(path: string, cacheControl: string): Promise<Variants> {
    const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
    const variants = await precompress(bytes, {
      "content-type": TEXT_TYPES[extname(path)] as string,
      "cache-control": cacheControl,
      etag: `"${Bun.hash(bytes).toString(36)}"`,
    });
    kept.set(path, variants);
    return variants;
  }

  return {
    async serve(request: Request, path: string, cacheControl: string): Promise<Response> {
      if (!TEXT_TYPES[extname(path)]) return new Response(Bun.file(path), { headers: { "cache-control": cacheControl } });
      return sendVariant(request, kept.get(path) ?? (await keep(path, cacheControl)));
    },
  };
}
