import { Elysia } from "elysia";
import { payloadTooLarge } from "./errors";

/** What every other route's body (JSON forms, edits, id lists) must fit. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Bun's own body cap is lifted (main.ts) so uploads that stream to disk may be large; they enforce
 * MAX_UPLOAD_MB themselves. Every other route is held to 1 MB here, before its body is read into
 * memory. A body sent without a Content-Length (chunked) has an unknown size, so those routes refuse it.
 */
export function bodyLimit(streamedRoutes: ReadonlyArray<{ method: string; path: string | RegExp }>) {
  return new Elysia({ name: "body-limit" }).onRequest(({ request }) => {
    if (!request.body) return;
    const { pathname } = new URL(request.url);
    const matches = (path: string | RegExp) => (typeof path === "string" ? path === pathname : path.test(pathname));
    if (streamedRoutes.some((route) => route.method === request.method && matches(route.path))) return;
    const length = request.headers.get("content-length");
    if (length === null || Number(length) > MAX_BODY_BYTES) throw payloadTooLarge("The request body is larger than 1.0 MB");
  });
}
