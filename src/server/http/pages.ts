import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Elysia } from "elysia";
import { deadSessionCookie, pageViewerOf, presentsCredential } from "../../../modules/auth";
import { feedsRoutes } from "../../../modules/feeds";
import { listContentVersion } from "../../../modules/lists/service";
import { createPublicPages, startPrerendering } from "../../../modules/pages/service";
import { hasFilters } from "../../../modules/track-filters/service";
import { compressed, createPageCache } from "../cache/page-cache";
import { pageLocals } from "../cache/page-locals";
import { type AstroHandler, publicPages } from "../cache/public-pages";
import { config } from "../config";
import { notFound } from "../errors";
import { openCurrentBuild } from "../infra/build-folders";
import { buildIdOf } from "../infra/build-id";
import { ROOT } from "../paths";
import { failingOutLoud } from "./page-failure";
import { withPageHeaders } from "./page-headers";
import { pathAndQuery } from "./request-url";
import { staticFiles } from "./static-files";

/**
 * The home page from a cursor on (the no-JavaScript 'More tracks' links) and under track filters, kept in memory per
 * version of what the lists show: a few hundred pages, least recently used out first, so however many filter
 * combinations are asked for, they take no more. Its first unfiltered pages are kept in the database (public-pages.ts).
 */
const LIST_PAGES_BYTES = 8 * 1024 * 1024;
/**
 * Kept answers also held in memory, in the encodings asked for: about 1,700 track pages' brotli forms (14 KB).
 * Holding one saves reading its bytes from the database (docs/performance.md, "Over HTTP").
 */
const HELD_BYTES = 24 * 1024 * 1024;
/** Hashed build assets never change under their name. */
const ASSET_CACHE = "public, max-age=31536000, immutable";
const PAGE_REVALIDATE = "public, max-age=0, must-revalidate";

/** The prebuilt file under `client` (the build's dist/client) for a path (`/login` → `login/index.html`), or null. */
function prebuiltFile(client: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape (`/u/%ZZ`) names no file; the router answers it (a 404).
    return null;
  }
  const clean = normalize(decoded).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(client, clean), join(client, clean, "index.html")]) {
    if (!candidate.startsWith(client)) return null;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The version a home page held in memory (from a cursor, or filtered) is kept at: the lists' content version and the
 * window of LIST_COUNTER_STALENESS_SECONDS it was rendered in (the counts it shows are no older); null keeps nothing.
 */
async function listPageVersion(): Promise<string | null> {
  const windowMs = config().listCounterStalenessSeconds * 1000;
  return windowMs ? `${await listContentVersion()}:${Math.floor(Date.now() / windowMs)}` : null;
}

/**
 * Pages. `kept` answers the public pages kept for every instance (public-pages.ts; mounted before /api, whose
 * hooks set headers) before routing; `routes` serves build files from memory, compressed once (hashed assets
 * cached for a year, prebuilt pages revalidated), and renders everything else in this process: what no kept
 * answer may serve (a page for a signed-in viewer, private tracks' pages and 404s, an owner's JSON), the home page
 * from a cursor on or filtered, the 404 page. They are all the build's that was current when the server started
 * (build-folders.ts), whatever is built after.
 * /my-tracks and /admin only forward to their first tab (SPEC §2): a real redirect, not a meta refresh.
 * `prerender` starts the loop rendering kept pages as they become due.
 */
export async function pages() {
  const dist = openCurrentBuild();
  const client = join(dist, "client");
  const entry = (await import(join(dist, "server/entry.mjs"))) as { handle: AstroHandler };
  const astro = failingOutLoud(entry.handle);
  const files = staticFiles();
  const build = buildIdOf(ROOT, [join(dist, "server"), join(ROOT, "modules"), join(ROOT, "src")]);
  const kept = createPublicPages({ build, pages: publicPages(astro), heldBytes: HELD_BYTES });
  const listPages = createPageCache({ maxBytes: LIST_PAGES_BYTES, buildId: build });
  /**
   * Renders a page for whoever asks (issue 39): a signed-in viewer's own page is theirs alone (private, never kept
   * here or by a shared cache), a visitor's is the page every visitor gets.
   */
  async function renderFor(request: Request): Promise<Response> {
    const viewer = await pageViewerOf(request.headers);
    const response = await astro(request, pageLocals({ cached: false, viewer }));
    if (viewer) response.headers.set("cache-control", "private, no-cache");
    const dead = viewer ? null : deadSessionCookie(request);
    if (dead) response.headers.append("set-cookie", dead);
    response.headers.append("vary", "cookie");
    return response;
  }
  const routes = new Elysia({ name: "pages" })
    .mapResponse(({ request, responseValue }) =>
      responseValue instanceof Response ? withPageHeaders(pathAndQuery(request.url).path, responseValue) : undefined,
    )
    .use(feedsRoutes)
    .get("/my-tracks", ({ redirect }) => redirect("/my-tracks/authored", 302))
    .get("/admin", ({ redirect }) => redirect("/admin/feature-flags", 302))
    .get("/track/:id", async ({ request }) => compressed(request, await renderFor(request)))
    .get("/*", async ({ request }) => {
      const url = new URL(request.url);
      // Unknown /api paths answer the JSON error shape, not the HTML 404 page.
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) throw notFound();
      const file = prebuiltFile(client, url.pathname);
      if (file) return files.serve(request, file, url.pathname.startsWith("/_astro/") ? ASSET_CACHE : PAGE_REVALIDATE);
      const render = () => renderFor(request);
      if (
        url.pathname === "/" &&
        (url.searchParams.has("cursor") || hasFilters(url.searchParams)) &&
        !presentsCredential(request.headers)
      ) {
        const version = await listPageVersion();
        return listPages.serve(request, `${url.pathname}${url.search}`, version === null ? null : { version, fills: {} }, render);
      }
      return compressed(request, await render());
    });
  return {
    kept: new Elysia({ name: "pages.kept" }).onRequest(async ({ request }) => {
      const answer = await kept.answer(request);
      return answer && withPageHeaders(pathAndQuery(request.url).path, answer);
    }),
    routes,
    prerender: () => startPrerendering(kept),
  };
}
