import { Elysia } from "elysia";
import { notFound } from "../../src/server/errors";
import { artistFeed, genreFeed, tracksFeed } from "./service";

const RSS_TYPE = "application/rss+xml; charset=utf-8";
/** Readers revalidate every poll; an unchanged feed costs them a 304 (ETag). */
const FEED_CACHE = "public, max-age=0, must-revalidate";

/** The `{name}.xml` of a feed address, decoded; a 404 for anything else. */
function nameOf(file: string): string {
  if (!file.endsWith(".xml")) throw notFound();
  try {
    return decodeURIComponent(file.slice(0, -".xml".length));
  } catch {
    throw notFound();
  }
}

/** The feed's document, or a 304 when the reader's copy (If-None-Match) is this one. */
function sendFeed(request: Request, xml: string): Response {
  const etag = `"${Bun.hash(xml).toString(36)}"`;
  const headers = { etag, "cache-control": FEED_CACHE, vary: "accept-encoding" };
  const known = request.headers
    .get("if-none-match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers: { ...headers, "content-type": RSS_TYPE } });
}

/**
 * RSS 2.0 feeds of public tracks (docs/feeds.md), beside the pages they follow rather than under /api: the newest
 * tracks, an artist's and a genre's. Private, processing and deleted tracks never appear.
 */
export const feedsRoutes = new Elysia({ name: "module.feeds", prefix: "/feeds" })
  .get("/tracks.xml", async ({ request }) => sendFeed(request, await tracksFeed()))
  .get("/u/:file", async ({ request, params }) => sendFeed(request, await artistFeed(nameOf(params.file))))
  .get("/genre/:file", async ({ request, params }) => sendFeed(request, await genreFeed(nameOf(params.file))));
