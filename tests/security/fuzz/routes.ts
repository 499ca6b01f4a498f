/**
 * Property-based fuzzing of every route in the OpenAPI document (plus the media routes it leaves
 * out): any request, however malformed, gets an answer below 500 within a bounded time, and the
 * server keeps running. Used by the fixed-seed sample in npm test and by `npm run fuzz`.
 */
import fc from "fast-check";
import type { TestServer } from "../../support/server";
import { bodyFor, hostileString, type JsonSchema, pathId, queryValue, rangeHeader, tusHeaders } from "./arbitraries";

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
export interface FuzzTarget {
  method: string;
  path: string;
  query: Parameter[];
  body: JsonSchema | undefined;
  /** The statuses the document lists for it (none for the routes it leaves out). */
  documented?: Set<number>;
}
/** What the fuzzer may use as real ids and credentials. */
export interface FuzzWorld {
  ids: string[];
  stemFiles: string[];
  /** Real comment ids (on the tracks of `ids`) and usernames, for `{commentId}` and `{username}`. */
  commentIds: string[];
  usernames: string[];
  tokens: string[];
  /** Real `?token=` values (an events token): a stream the fuzzer opens must answer its other parameters too. */
  queryTokens: string[];
}

/** Media routes whose paths (with a dot) the OpenAPI document does not list. */
const UNLISTED: FuzzTarget[] = ["full.mp3", "full.wav", "full.flac"].map((file) => ({
  method: "GET",
  path: `/api/track/{id}/${file}`,
  query: [
    { name: "attachment", in: "query" },
    { name: "token", in: "query" },
  ],
  body: undefined,
}));

export async function loadTargets(server: TestServer): Promise<FuzzTarget[]> {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const targets = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === "query"),
      body: operation.requestBody?.content?.["application/json"]?.schema,
      documented: new Set(Object.keys(operation.responses ?? {}).map(Number)),
    })),
  );
  return [...targets, ...UNLISTED];
}

export interface FuzzRequest {
  /** The route it was made for, as the document names it. */
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
);

function requestFor(target: FuzzTarget, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const query = fc.array(
    fc.oneof(
      ...(target.query.length
        ? target.query.map((parameter) =>
            (parameter.name === "token"
              ? fc.oneof(queryValue(parameter.schema), fc.constantFrom(...world.queryTokens))
              : queryValue(parameter.schema)
            ).map((value) => [parameter.name, value] as const),
          )
        : []),
      fc.tuple(
        hostileString.map((name) => name.slice(0, 100)),
        hostileString.map((value) => value.slice(0, 1000)),
      ),
    ),
    { maxLength: 4 },
  );
  const encodedBody = fc.oneof(
    { weight: 6, arbitrary: bodyFor(target.body).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: hostileString.map((text) => text.slice(0, 100_000)) },
    { weight: 1, arbitrary: fc.constantFrom("{", "[1,", '{"a":1}\u0000', "\u0000\u0000", `${"[".repeat(100_000)}`, "null") },
  );
  return fc
    .record({
      id: pathId(world.ids),
      stemId: fc.oneof(fc.constantFrom(...world.stemFiles), pathId(world.stemFiles)),
      commentId: pathId(world.commentIds),
      username: pathId(world.usernames),
      query,
      body: ["GET", "HEAD"].includes(target.method)
        ? fc.constant(undefined)
        : fc.option(encodedBody, { nil: undefined, freq: 8 }),
      contentType: contentTypes,
      token: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...world.tokens),
        hostileString.map((text) => text.slice(0, 500)),
      ),
      range: rangeHeader,
      tus: target.path.startsWith("/api/uploads") ? tusHeaders : fc.constant({}),
    })
    .map(({ id, stemId, commentId, username, query: pairs, body, contentType, token, range, tus }) => {
      const path = target.path
        .replace("{id}", id)
        .replace("{stemId}", stemId)
        .replace("{commentId}", commentId)
        .replace("{username}", username);
      const search = new URLSearchParams(pairs.map(([name, value]) => [name, value])).toString();
      const headers: Record<string, string> = {};
      if (body !== undefined) headers["content-type"] = contentType;
      Object.assign(headers, tus);
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      if (range !== undefined) headers.range = range;
      const route = `${target.method} ${target.path}`;
      return { route, method: target.method, url: `${path}${search ? `?${search}` : ""}`, headers, body };
    });
}

/** Header values fetch would refuse to send (control characters) are dropped: they never reach a server. */
const sendable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value)));

export async function send(server: TestServer, request: FuzzRequest): Promise<number> {
  const response = await fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers: sendable(request.headers),
    body: request.body,
    signal: AbortSignal.timeout(15_000),
  });
  // An event stream that opened stays open: its answer is the status and headers.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
  else await response.arrayBuffer();
  return response.status;
}

/** Bun answers a request whose address (414) or headers (431) pass its limits before any route sees it. */
const BEFORE_ROUTING = new Set([414, 431]);

/**
 * Runs `numRuns` requests spread over every target (fixed seed); throws with the first failing request. Answers the
 * statuses seen, and each refusal a route answered that its operation in the document does not list.
 */
export async function fuzzRoutes(server: TestServer, world: FuzzWorld, options: { numRuns: number; seed: number }) {
  const targets = await loadTargets(server);
  const documented = new Map(targets.map((target) => [`${target.method} ${target.path}`, target.documented]));
  const requests = fc.oneof(...targets.map((target) => requestFor(target, world)));
  const statuses = new Map<number, number>();
  const undocumented = new Set<string>();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const status = await send(server, request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const listed = documented.get(request.route);
      if (listed && status >= 400 && !listed.has(status) && !BEFORE_ROUTING.has(status))
        undocumented.add(`${request.route}: ${status}`);
      // 501 is a refusal a route may document (oEmbed's answer to a format it does not offer); no other 5xx is.
      if (status >= 500 && !(status === 501 && listed?.has(501)))
        throw new Error(`${request.method} ${request.url.slice(0, 300)} answered ${status}`);
      if (server.proc.exitCode !== null)
        throw new Error(`the server exited after ${request.method} ${request.url.slice(0, 300)}`);
    }),
    { numRuns: options.numRuns, seed: options.seed, endOnFailure: true },
  );
  return { targets: targets.length, statuses, undocumented: [...undocumented].sort() };
}
