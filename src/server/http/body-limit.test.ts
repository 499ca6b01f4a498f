import { expect, test } from "bun:test";
import { Elysia } from "elysia";
import { openTestRuntime } from "../../../tests/support/in-process-database";
import { bodyLimit, type MountedRoute, streamedBody } from "./body-limit";
import { errorHandler } from "./error-handler";

// The settings the code under test reads: MAX_UPLOAD_MB, which the error handler drains up to.
await openTestRuntime("body-limit");

/** Counts the bytes of a body it reads as a stream, as an upload route does. */
async function countBytes(request: Request): Promise<number> {
  let bytes = 0;
  for await (const chunk of request.body ?? []) bytes += chunk.length;
  return bytes;
}

// A route declared streamed in its own options (with a path parameter, as the forks' routes have) and plain ones.
const app = new Elysia({ prefix: "/api" })
  .use(errorHandler)
  .use(bodyLimit((): readonly MountedRoute[] => app.routes))
  .post("/track/:id/stem", async ({ request }) => ({ bytes: await countBytes(request) }), streamedBody)
  .post("/track/:id/edit", ({ body }) => ({ bytes: JSON.stringify(body).length }))
  .patch("/track/:id/stem", ({ body }) => ({ bytes: JSON.stringify(body).length }));

const TWO_MB = "x".repeat(2 * 1024 * 1024);
/** As a client sends it: a string body with its Content-Length, a stream without one (chunked). */
const send = (method: string, path: string, body: string | ReadableStream, type = "text/plain") => {
  const length: Record<string, string> = typeof body === "string" ? { "content-length": String(body.length) } : {};
  return app.handle(new Request(`http://localhost/api${path}`, { method, body, headers: { "content-type": type, ...length } }));
};

test("a route marked streamedBody takes a body over 1 MB, with or without a length", async () => {
  const sized = await send("POST", "/track/abc/stem", TWO_MB);
  expect([sized.status, await sized.json()]).toEqual([200, { bytes: TWO_MB.length }]);
  const chunked = await send("POST", "/track/abc/stem", new Blob([TWO_MB]).stream());
  expect([chunked.status, await chunked.json()]).toEqual([200, { bytes: TWO_MB.length }]);
});

test("every other route, the same path with another method included, is held to 1 MB before its body is read", async () => {
  for (const [method, path] of [
    ["POST", "/track/abc/edit"],
    ["PATCH", "/track/abc/stem"],
    ["POST", "/track/abc/stem/extra"],
  ] as const) {
    const refused = await send(method, path, JSON.stringify({ text: TWO_MB }), "application/json");
    expect([refused.status, await refused.json()], `${method} ${path}`).toEqual([
      413,
      { message: "The request body is larger than 1.0 MB" },
    ]);
  }
  const small = await send("POST", "/track/abc/edit", JSON.stringify({ text: "short" }), "application/json");
  expect(small.status).toBe(200);
});
