import { existsSync, statSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import { staticPlugin } from "@elysiajs/static";
import { Elysia } from "elysia";
import { notFound } from "./errors";
import { pageLocals } from "./page-locals";

const DIST = resolve(process.env.STEMMA_DIST ?? join(import.meta.dir, "../../dist"));
const CLIENT = join(DIST, "client");
const ENTRY = join(DIST, "server/entry.mjs");

type AstroHandler = (request: Request, locals: App.Locals) => Promise<Response>;

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
 * Pages: hashed assets from disk with long caching, prebuilt pages from disk, and everything else
 * (on-demand pages such as /track/{id}, and the 404 page) rendered by Astro in this process.
 * /my-tracks and /admin only forward to their first tab (SPEC §2): a real redirect, not a meta refresh.
 */
export async function pages() {
  const astro = await loadAstro();
  return new Elysia({ name: "pages" })
    .use(
      staticPlugin({
        assets: join(CLIENT, "_astro"),
        prefix: "/_astro",
        maxAge: 31_536_000,
        directive: "immutable",
        indexHTML: false,
        silent: true,
      }),
    )
    .get("/my-tracks", ({ redirect }) => redirect("/my-tracks/authored", 302))
    .get("/admin", ({ redirect }) => redirect("/admin/feature-flags", 302))
    .get("/*", async ({ request }) => {
      const url = new URL(request.url);
      // Unknown /api paths answer the JSON error shape, not the HTML 404 page.
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) throw notFound();
      const file = prebuiltFile(url.pathname);
      if (file) {
        const headers: Record<string, string> = { "cache-control": "public, max-age=0, must-revalidate" };
        return new Response(Bun.file(file), { headers });
      }
      return astro(request, await pageLocals(request));
    });
}
