import { BEARER, MEDIA_TOKEN } from "./security";

/**
 * The OpenAPI document as published at /api/openapi.json: the one @elysiajs/openapi generates from the routes,
 * with what can be said of every route added here once, so a new route needs only its summary (and a tag, which
 * its module gives): an operationId from its method and path, its security (the auth guard marks the routes
 * that demand a session), the refusals every route of its kind can answer, all in the one error shape, and no
 * schema keyword that only TypeBox reads.
 */

type Json = Record<string, unknown>;
type Requirement = Record<string, string[]>;

interface Operation extends Json {
  operationId?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  security?: Requirement[];
  responses?: Record<string, Json>;
}

export interface OpenApiDocument extends Json {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> } & Json;
}

/** The one error shape (src/server/http/error-handler.ts): every 4xx and 5xx answers `{ message }`. */
const ERROR_SCHEMA = {
  type: "object",
  required: ["message"],
  properties: { message: { type: "string", description: "What went wrong, in plain words, for a person to read" } },
};
const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** What each refusal means, for every route that can answer it. */
const REFUSALS: Record<string, string> = {
  "400": "Bad request: a field, a path or query value or the body failed its check; the message names it",
  "401": "No valid token: sign in (POST /api/auth/login) and send `Authorization: Bearer <token>`",
  "403": "Signed in, but this needs a role the account does not have",
  "404": "Not found, or not yours to see: the same answer either way, so nothing private shows",
  "409": "Conflict with the state of the thing asked about",
  "413": "The request body is too large: 1 MB for JSON, MAX_UPLOAD_MB for uploads",
  "429": "Too many attempts: wait and try again",
};

/** What a success means, where the route says no more than its status. */
const SUCCESSES: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted: the work goes on in the background",
};

/** Keywords TypeBox and Elysia read that are not JSON Schema 2020-12 (OpenAPI 3.1): `error` is a custom message. */
const CUSTOM_KEYWORDS = new Set(["error", "elysiaMeta", "nullable"]);
/** Keywords whose value maps names to schemas: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(["default", "const", "enum", "example", "examples", "required"]);

/** TypeBox's t.File and t.Files carry a `default` naming their kind, which no client should send. */
const isFileKindDefault = (key: string, value: unknown) => key === "default" && (value === "File" || value === "Files");

/** `schema` with the custom keywords taken out, at every depth. */
export function withoutCustomKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutCustomKeywords);
  if (!schema || typeof schema !== "object") return schema;
  const clean: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CUSTOM_KEYWORDS.has(key) || isFileKindDefault(key, value)) continue;
    if (DATA_KEYWORDS.has(key)) clean[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === "object")
      clean[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withoutCustomKeywords(inner)]));
    else clean[key] = withoutCustomKeywords(value);
  }
  return clean;
}

/** `GET /api/track/{id}/full.mp3` → `getTrackByIdFullMp3`: readable, and unique as method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.match(/^\{(.+)\}$/)?.[1];
      return param ? ["by", param] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

/**
 * Who may call it: what the route declared (the auth guard's macros, or a download's session or media token);
 * otherwise anyone, with a session token optional (it shows what that user may see), and a media token too on
 * routes that read one from `?token=`.
 */
function securityOf(operation: Operation): Requirement[] {
  if (operation.security) return operation.security;
  const readsMediaToken = operation.parameters?.some((param) => param.in === "query" && param.name === "token");
  return [{}, { [BEARER]: [] }, ...(readsMediaToken ? [{ [MEDIA_TOKEN]: [] }] : [])];
}

/** The refusals a route can answer by its shape alone, beside those it declares. */
function refusalsOf(path: string, operation: Operation, security: Requirement[]): string[] {
  const statuses = ["413"];
  // A path parameter is checked too (an id's pattern, its decoding), so any route that has one may answer 400.
  if (operation.requestBody || operation.parameters?.some((param) => param.in === "query" || param.in === "path"))
    statuses.push("400");
  if (!security.some((requirement) => Object.keys(requirement).length === 0)) statuses.push("401");
  if (security.some((requirement) => Object.values(requirement).some((roles) => roles.length > 0))) statuses.push("403");
  if (path.includes("{")) statuses.push("404");
  return statuses;
}

function publishedOperation(method: string, path: string, operation: Operation): Operation {
  const security = securityOf(operation);
  const responses: Record<string, Json> = { ...operation.responses };
  for (const status of refusalsOf(path, operation, security)) responses[status] ??= {};
  for (const [status, response] of Object.entries(responses)) {
    const described = response.description && !String(response.description).startsWith("Response for status");
    if (!status.startsWith("4")) {
      if (!described && SUCCESSES[status]) responses[status] = { ...response, description: SUCCESSES[status] };
      continue;
    }
    responses[status] = {
      description: described ? response.description : (REFUSALS[status] ?? "Refused; the message says why"),
      content: { "application/json": { schema: ERROR_REF } },
    };
  }
  return { ...operation, operationId: operationIdOf(method, path), security, responses };
}

/** The published document made from the one @elysiajs/openapi generates. */
export function publishedDocument(generated: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const [generatedPath, item] of Object.entries(generated.paths)) {
    // Elysia routes `/licenses/` and `/licenses` alike: the document names the one without the slash.
    const path = generatedPath.length > 1 ? generatedPath.replace(/\/$/, "") : generatedPath;
    paths[path] ??= {};
    for (const [method, operation] of Object.entries(item)) paths[path][method] = publishedOperation(method, path, operation);
  }
  return {
    ...generated,
    // The API is served by the same origin as the document.
    servers: [{ url: "/", description: "This Stemma server" }],
    paths: withoutCustomKeywords(paths) as OpenApiDocument["paths"],
    components: {
      ...generated.components,
      schemas: withoutCustomKeywords({ ...generated.components?.schemas, Error: ERROR_SCHEMA }) as Record<string, unknown>,
      securitySchemes: {
        [BEARER]: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal access token (Settings › Tokens, or POST /api/auth/tokens: `stemma_pat_…`), limited to its " +
            "scopes, or the `token` that POST /api/auth/signup or /api/auth/login answers",
        },
        [MEDIA_TOKEN]: {
          type: "apiKey",
          in: "query",
          name: "token",
          description: "A short-lived media token in a media URL, from POST /api/media/presign",
        },
      },
    },
  };
}
