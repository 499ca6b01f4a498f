import { config } from "../config";
import { perRuntime } from "../runtime";

const EMBED_PATH = /^\/embed\//;

/**
 * Where a browser may load media from besides this site: the bucket a presigned redirect sends it to (S3 with
 * MEDIA_DELIVERY=redirect), by its endpoint's origin and its virtual-hosted buckets (AWS when no endpoint is set).
 */
function mediaOrigins(): string[] {
  const { s3, mediaDelivery } = config();
  if (!s3 || mediaDelivery !== "redirect") return [];
  if (!s3.endpoint) return ["https://*.amazonaws.com"];
  const endpoint = new URL(s3.endpoint);
  return [endpoint.origin, `${endpoint.protocol}//*.${endpoint.host}`];
}

/**
 * The Content-Security-Policy of every page. Scripts and styles come from this site only; inline ones are allowed
 * because Astro hydrates islands with inline scripts and React sets style attributes. `frame-ancestors` is the
 * one difference: the embed player may be framed by any site, every other page only by this one (clickjacking).
 */
function policy(frameAncestors: string): string {
  const media = mediaOrigins().join(" ");
  const sources = (...values: string[]) => values.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    sources("img-src 'self' data: blob:", media),
    sources("media-src 'self' blob:", media),
    sources("connect-src 'self'", media),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** Both policies, made once per runtime: they depend on its media settings. */
const policies = perRuntime(() => ({ site: policy("'self'"), embed: policy("*") }));

/** The security headers of an HTML page at `pathname`. */
function pageHeaders(pathname: string): Record<string, string> {
  return {
    "content-security-policy": EMBED_PATH.test(pathname) ? policies().embed : policies().site,
    "x-content-type-options": "nosniff",
  };
}

/**
 * `response` with the page headers when it is an HTML page; anything else (assets, JSON) as it is. pages.ts passes
 * every answer it gives through here, kept ones included.
 */
export function withPageHeaders(pathname: string, response: Response): Response {
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  for (const [name, value] of Object.entries(pageHeaders(pathname))) response.headers.set(name, value);
  return response;
}
