import { existsSync, statSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import { Elysia } from "elysia";
import { publicPageState } from "../../modules/tracks/service";
import { notFound } from "./errors";
import { compressed, createPageCache } from "./page-cache";
import { pageLocals, trackPageFills } from "./page-locals";
import { staticFiles } from "./static-files";

const DIST = resolve(process.env.STEMMA_DIST ?? join(import.meta.dir, "../../dist"));
const CLIENT = join(DIST, "client");
const ENTRY = join(DIST, "server/entry.mjs");

type AstroHandler = (request: Request, locals: App.Locals) => Promise<Response>;

/**
 * Rendered track pages kept in memory: about 440 pages of ~37 KB (the rendered page, its filled copy and
 * their brotli and gzip forms: 14 + 14 + 4 + 5 KB for a track of the load soak). Kept bytes count about
 * twice in the server's peak memory, as the collector lets about as much garbage pile up as it found alive
 * (`npm run test:load`: 143 MB of heap before a full collection, 71 MB after). Over the soak's minute and
 * its popularity curve, 440 pages answer 16-17 % of page requests from memory, 640 pages 20 %.
 */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
/** Hashed build assets never change under their name. */
const ASSET_CACHE = "public, max-age=31536000, immutable";
const PAGE_REVALIDATE = "public, max-age=0, must-revalidate";

async function loadAstro(): Promise<AstroHandler> {
  if (!existsSync(ENTRY)) throw new Error("The Astro build is missing: run `npm run build` (npm start does it for you).");
  const entry = (await import(ENTRY)) as { handle: AstroHandler };
  return entry.handle;
}

/** The prebuilt HTML file for a path (`/login` → `login/index.html`), or null. */
function prebuiltFile(pathname: string): string | null {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(CLIENT, clean), join(CLIENT, clean, "index.html")]) {
    if (!candidate.startsWith(CLIENT)) return null;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Pages: build files from memory, compressed once (hashed assets cached for a year, prebuilt pages
 * revalidated), public track pages from the page cache (rendered once per version of the track, ETag
 * and 304), and everything else (private tracks' shells, the 404 page) rendered by Astro in this process.
 * /my-tracks and /admin only forward to their first tab (SPEC §2): a real redirect, not a meta refresh.
 */
export async function pages() {
  const astro = await loadAstro();
  const files = staticFiles();
  const buildId = String(statSync(ENTRY).mtimeMs);
  const trackPages = createPageCache({ maxBytes: PAGE_CACHE_BYTES, buildId });
  return new Elysia({ name: "pages" })
    .get("/my-tracks", ({ redirect }) => redirect("/my-tracks/authored", 302))
    .get("/admin", ({ redirect }) => redirect("/admin/feature-flags", 302))
    .get("/track/:id", async ({ request, params }) => {
      const state = await publicPageState(params.id);
      return trackPages.serve(request, params.id, state && { version: String(state.version), fills: trackPageFills(state) }, () =>
        astro(request, pageLocals({ cached: state !== null })),
      );
    })
    .get("/*", async ({ request }) => {
      const url = new URL(request.url);
      // Unknown /api paths answer the JSON error shape, not the HTML 404 page.
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) throw notFound();
      const file = prebuiltFile(url.pathname);
      if (file) return files.serve(request, file, url.pathname.startsWith("/_astro/") ? ASSET_CACHE : PAGE_REVALIDATE);
      return compressed(request, await astro(request, pageLocals({ cached: false })));
    });
}
