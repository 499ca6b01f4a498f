import { expect, test } from "bun:test";
import { type Operation, publishedOpenApi } from "../support/openapi-document";

/**
 * Every /api route documents what it answers: JSON routes a schema (the route's `response`, from the
 * modules' model.ts), media routes the content types of the file they send (modules/media/model.ts).
 */
const published = publishedOpenApi();
const operations = published.operations;

/** The success replies of an operation with what each declares: content types and whether each has a schema. */
function successes(operation: Operation) {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith("2"))
    .map(([status, reply]) => ({ status, content: Object.entries(reply.content ?? {}), headers: reply.headers }));
}

test("only /api is documented, and it has the routes of every module", () => {
  const routes = operations().map(({ route }) => route);
  expect(routes.filter((route) => !route.split(" ")[1]?.startsWith("/api/"))).toEqual([]);
  for (const route of [
    "GET /api/track/{id}",
    "GET /api/tracks/public",
    "POST /api/track",
    "GET /api/track/{id}/full.mp3",
    "GET /api/auth/oidc/callback",
  ]) {
    expect(routes).toContain(route);
  }
});

/** Redirects an operation declares (a browser's way through sign-in with OIDC): each must name its `location`. */
const redirects = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith("3"));

test("every route declares its success reply: a JSON schema, a media file's content types, or where it redirects", () => {
  const undocumented = operations()
    .filter(({ operation }) => {
      const replies = successes(operation);
      if (replies.length === 0) {
        const sent = redirects(operation);
        return sent.length === 0 || sent.some(([, reply]) => !reply.headers?.location);
      }
      // tus answers (/api/uploads) have no body: what they say is in the headers they name.
      return replies.some(
        ({ content, headers }) => (content.length === 0 && !headers) || content.some(([, media]) => !media.schema),
      );
    })
    .map(({ route }) => route);
  expect(undocumented).toEqual([]);
});

test("JSON replies are objects or arrays described field by field, not a bare any", () => {
  const vague = operations()
    .flatMap(({ route, operation }) =>
      successes(operation).flatMap(({ content }) =>
        content.filter(([type]) => type === "application/json").map(([, media]) => ({ route, schema: media.schema ?? {} })),
      ),
    )
    .filter(({ schema }) => !("type" in schema) && !("anyOf" in schema) && !("$ref" in schema))
    .map(({ route }) => route);
  expect(vague).toEqual([]);
});

test("the Track is documented with its SPEC §3 fields", () => {
  const track = published.document.paths["/api/track/{id}"]?.get?.responses?.["200"]?.content?.["application/json"]?.schema as {
    properties?: Record<string, unknown>;
  };
  expect(Object.keys(track.properties ?? {})).toEqual(
    expect.arrayContaining(["id", "title", "primaryArtistName", "originalUrl", "stems", "sharedWith", "wavConversionStatus"]),
  );
});

test("comments and following document their summaries, tags and the refusals they answer", () => {
  const expected: Record<string, string[]> = {
    "GET /api/track/{id}/comments": ["200", "400", "404", "413"],
    "POST /api/track/{id}/comments": ["201", "400", "401", "404", "413", "429"],
    "DELETE /api/track/{id}/comments/{commentId}": ["200", "400", "401", "403", "404", "413"],
    "GET /api/users/{username}/follow": ["200", "400", "401", "404", "413"],
    "POST /api/users/{username}/follow": ["200", "400", "401", "404", "413"],
    "DELETE /api/users/{username}/follow": ["200", "400", "401", "404", "413"],
    "GET /api/tracks/following": ["200", "400", "401", "413"],
  };
  for (const [route, statuses] of Object.entries(expected)) {
    const [method, path] = route.split(" ") as [string, string];
    const operation = published.document.paths[path]?.[method.toLowerCase()] as Operation & { summary?: string; tags?: string[] };
    expect(operation?.summary, route).toBeTruthy();
    expect(operation?.tags?.length, route).toBeGreaterThan(0);
    expect(Object.keys(operation?.responses ?? {}).sort(), route).toEqual(statuses);
    const refusal = operation?.responses?.["404"] ?? operation?.responses?.["401"];
    expect(refusal?.content?.["application/json"]?.schema, route).toEqual({ $ref: "#/components/schemas/Error" });
  }
});
