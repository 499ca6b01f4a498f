import { beforeAll, expect } from "bun:test";
import { call } from "./api";
import { setUpServer } from "./lifecycle";

/** One operation of the published OpenAPI document, as far as the tests read it. */
export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Record<string, unknown> & { $ref?: string } }>; headers?: Record<string, unknown> }
  >;
}
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

/**
 * The document a real server publishes at /api/openapi.json, fetched before the file's tests (read `document`
 * inside tests), and its operations each named as `METHOD /api/path`.
 */
export function publishedOpenApi() {
  const live = setUpServer();
  let document: OpenApiDocument | undefined;
  beforeAll(async () => {
    const res = await call<OpenApiDocument>(live.server, "GET", "/openapi.json");
    expect(res.status).toBe(200);
    document = res.body;
  });
  const loaded = () => {
    if (!document) throw new Error("the OpenAPI document is not fetched yet: read it inside a test");
    return document;
  };
  return {
    /** The server that publishes it, for the tests that read more of it (its /api/docs). */
    get server() {
      return live.server;
    },
    get document() {
      return loaded();
    },
    operations: () =>
      Object.entries(loaded().paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
      ),
  };
}
