import { createApp } from "astro/app/entrypoint";

// Pages are rendered whole before they are sent (and kept, src/server/http/pages.ts), so streaming would only cost:
// the page is rendered to one string.
const app = createApp({ streaming: false });

/** Renders an on-demand Astro page; `locals` carries the server's services to the page. */
export function handle(request: Request, locals: App.Locals): Promise<Response> {
  return app.render(request, { locals });
}
