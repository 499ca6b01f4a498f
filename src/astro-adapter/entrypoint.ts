import { createApp } from "astro/app/entrypoint";

const app = createApp();

/** Renders an on-demand Astro page; `locals` carries the server's services to the page. */
export function handle(request: Request, locals: App.Locals): Promise<Response> {
  return app.render(request, { locals });
}
