import { Elysia } from "elysia";
import { payloadTooLarge } from "../errors";

/** What every other route's body (JSON forms, edits, id lists) must fit. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Route options of a route that reads its own body as a stream (uploads): Elysia does not parse it, and
 * `bodyLimit` leaves its size to the route, which must bound what it accepts itself (MAX_UPLOAD_MB).
 * Spread it into the route's options: `{ auth: true, ...streamedBody, detail }`.
 */
export const streamedBody = { parse: "none" } as const;

export interface MountedRoute {
  method: string;
  path: string;
  hooks: { parse?: unknown };
}

const isStreamed = (route: MountedRoute) =>
  Array.isArray(route.hooks.parse) && route.hooks.parse.some((hook) => (hook as { fn?: unknown }).fn === "none");

/** A matcher for an Elysia route path: `:param` is one segment, `*` the rest. */
function pathPattern(path: string): RegExp {
  const segments = path
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment === "*" ? ".*" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return new RegExp(`^${segments.join("/")}$`);
}

/**
 * Bun's own body cap is lifted (main.ts) so uploads that stream to disk may be large. Every route not marked
 * `streamedBody` is held to 1 MB here, before its body is read into memory. A body sent without a Content-Length
 * (chunked) has an unknown size, so those routes refuse it. `routes` gives the mounted routes (read on the first
 * request with a body, when every module is in place), so a streamed route declares itself only in its definition.
 */
export function bodyLimit(routes: () => readonly MountedRoute[]) {
  let streamed: Array<{ method: string; pattern: RegExp }> | undefined;
  return new Elysia({ name: "body-limit" }).onRequest(({ request }) => {
    if (!request.body) return;
    streamed ??= routes()
      .filter(isStreamed)
      .map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
    const { pathname } = new URL(request.url);
    if (streamed.some((route) => route.method === request.method && route.pattern.test(pathname))) return;
    const length = request.headers.get("content-length");
    if (length === null || Number(length) > MAX_BODY_BYTES) throw payloadTooLarge("The request body is larger than 1.0 MB");
  });
}
