import type { AstroHandler } from "../cache/public-pages";
import { log } from "../logger";
import { pathAndQuery } from "./request-url";

/** Whole in itself (no stylesheet, no script): the build's own files may be what failed. */
const FAILURE_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong · Stemma</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Something went wrong</h1>
<p>This page could not be shown. Try again in a moment; if it keeps happening, tell whoever runs this site.</p>
<p><a href="/">Back to the tracks</a></p>
</body>
</html>
`;

/**
 * `astro`, made to fail out loud. Astro answers a page it could not render (a component threw, its code would not
 * load) with a bare 500 and logs it only as loudly as the build was told to: here the failure is logged with the
 * page, and the visitor gets a page saying what happened.
 */
export function failingOutLoud(astro: AstroHandler): AstroHandler {
  return async (request, locals) => {
    const path = pathAndQuery(request.url).path;
    let status: number;
    try {
      const response = await astro(request, locals);
      if (response.status < 500) return response;
      status = response.status;
      log.error("a page could not be rendered", { path, status });
    } catch (error) {
      status = 500;
      log.error("a page could not be rendered", { path, error: error instanceof Error ? error.stack : String(error) });
    }
    return new Response(FAILURE_PAGE, {
      status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  };
}
