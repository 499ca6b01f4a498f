/**
 * The published OpenAPI document is a contract a client can be generated from: Redocly CLI's `recommended` rules
 * (redocly.yaml) find nothing; every operation has an operationId, a summary and a tag; a token is required on
 * exactly the routes the authorisation matrix finds closed to visitors; and every refusal the matrix sees a route
 * answer is documented for it. Failures name the routes, as `METHOD /api/path`.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../src/server/paths";
import { type Identity, TRACK_STATES, type TrackState } from "../security/matrix-fixture";
import { MATRIX } from "../security/matrix-routes";
import { publishedOpenApi } from "../support/openapi-document";

const published = publishedOpenApi();
const operations = published.operations;

/** A matrix key (`GET /api/track/:id/`) as the document names its operation (`GET /api/track/{id}`). */
const documentRoute = (key: string) => key.replace(/:([^/]+)/g, "{$1}").replace(/(.)\/$/, "$1");
const operationOf = (route: string) => {
  const [method = "", path = ""] = route.split(" ");
  return published.document.paths[path]?.[method.toLowerCase()];
};

const IDENTITIES: Identity[] = ["anonymous", "owner", "other", "shared", "revoked", "admin", "forker"];
const statesOf = (key: string): Array<TrackState | null> => (MATRIX[key]?.perTrack ? [...TRACK_STATES] : [null]);

test("Redocly CLI's recommended rules (redocly.yaml) report no error and no warning", async () => {
  const folder = mkdtempSync(join(tmpdir(), "stemma-openapi-"));
  try {
    const file = join(folder, "openapi.json");
    writeFileSync(file, JSON.stringify(published.document));
    const lint = Bun.spawn(
      [join(ROOT, "node_modules/.bin/redocly"), "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "json"],
      {
        cwd: folder,
        stdout: "pipe",
        stderr: "pipe",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const [out, err] = await Promise.all([new Response(lint.stdout).text(), new Response(lint.stderr).text()]);
    await lint.exited;
    let report: { problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
    try {
      report = JSON.parse(out);
    } catch {
      throw new Error(`redocly printed no report:\n${out}\n${err}`);
    }
    // `#/paths/~1api~1track~1{id}/get/…` → `GET /api/track/{id} (…)`: the route first, then where in it.
    const problems = report.problems.map(({ ruleId, severity, message, location }) => {
      const pointer = location[0]?.pointer ?? "";
      const [, path, method, rest] = pointer.match(/^#\/paths\/([^/]+)\/([^/]+)(.*)$/) ?? [];
      const where = path ? `${method?.toUpperCase()} ${path.replace(/~1/g, "/").replace(/~0/g, "~")}${rest}` : pointer;
      return `${severity} ${ruleId}: ${where}: ${message}`;
    });
    expect(problems).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

test("every operation has a unique operationId, a summary and a tag", () => {
  const missing = operations().flatMap(({ route, operation }) => [
    ...(operation.operationId ? [] : [`${route}: no operationId`]),
    ...(operation.summary?.trim() ? [] : [`${route}: no summary (detail: { summary })`]),
    ...(operation.tags?.length ? [] : [`${route}: no tag (the module's detail: { tags })`]),
  ]);
  expect(missing).toEqual([]);
  const ids = operations().map(({ operation }) => operation.operationId);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});

test("the document has every route of the matrix but the document's own, and no other", () => {
  const own = ["GET /api/docs", "GET /api/docs/:file", "GET /api/openapi.json"];
  const undocumented = Object.keys(MATRIX).filter((key) => !own.includes(key) && !operationOf(documentRoute(key)));
  expect(undocumented).toEqual([]);
  const matrixRoutes = new Set(Object.keys(MATRIX).map(documentRoute));
  expect(
    operations()
      .filter(({ route }) => !matrixRoutes.has(route))
      .map(({ route }) => route),
  ).toEqual([]);
});

/**
 * Closed to visitors, as the matrix has it: a visitor is refused everywhere (401, or the 404 that hides what they
 * may not see) and told to sign in (401) somewhere a signed-in admin is let through. Media routes that stream to
 * anyone and want a token only for a `?attachment` download keep the token optional in the document.
 */
function closedToVisitors(key: string): boolean {
  const entry = MATRIX[key];
  if (!entry) return false;
  const cells = statesOf(key).map((state) => ({
    visitor: entry.expect("anonymous", state),
    admin: entry.expect("admin", state),
  }));
  const refused = cells.every(({ visitor }) =>
    visitor.status.every((status) => status === 401 || (status === 404 && visitor.denied)),
  );
  return refused && cells.some(({ visitor, admin }) => visitor.status.includes(401) && !admin.status.includes(401));
}

test("a token is required on exactly the routes the authorisation matrix finds closed to visitors", () => {
  const wrong = Object.keys(MATRIX).flatMap((key) => {
    const route = documentRoute(key);
    const operation = operationOf(route);
    if (!operation) return [];
    const security = operation.security ?? [];
    const optional = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
    const downloadOnly = operation.parameters?.some((param) => param.in === "query" && param.name === "attachment");
    const closed = closedToVisitors(key) && !downloadOnly;
    if (closed && optional) return [`${route}: closed to visitors, but its security lets them in`];
    if (!closed && !optional) return [`${route}: open to visitors, but its security requires a token`];
    return [];
  });
  expect(wrong).toEqual([]);
  // The bearer scheme is what a client sends: the document declares it once, for every requirement to name.
  const schemes = (published.document as { components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> } })
    .components?.securitySchemes;
  expect(schemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
});

test("every refusal the matrix sees a route answer is documented for it, in the error shape", () => {
  const undocumented = Object.keys(MATRIX).flatMap((key) => {
    const route = documentRoute(key);
    const operation = operationOf(route);
    const entry = MATRIX[key];
    if (!operation || !entry) return [];
    const seen = new Set(
      statesOf(key).flatMap((state) =>
        IDENTITIES.flatMap((who) => entry.expect(who, state).status.filter((s) => s >= 400 && s < 500)),
      ),
    );
    return [...seen].filter((status) => !operation.responses?.[String(status)]).map((status) => `${route}: ${status}`);
  });
  expect(undocumented).toEqual([]);
  const misshapen = operations().flatMap(({ route, operation }) =>
    Object.entries(operation.responses ?? {})
      .filter(([status]) => status.startsWith("4"))
      .filter(([, reply]) => reply.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error")
      .map(([status]) => `${route}: ${status}`),
  );
  expect(misshapen).toEqual([]);
});

test("the published schemas carry no keyword of TypeBox's own (a custom `error` message, `elysiaMeta`)", () => {
  const leaks: string[] = [];
  const walk = (value: unknown, at: string, inNames: boolean) => {
    if (!value || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (!inNames && (key === "error" || key === "elysiaMeta" || key === "nullable")) leaks.push(`${at}/${key}`);
      walk(inner, `${at}/${key}`, !inNames && key === "properties");
    }
  };
  walk(published.document, "#", false);
  expect(leaks).toEqual([]);
});

test("the reference at /api/docs is readable without a token and loads Swagger UI from this server", async () => {
  const page = await fetch(`${published.server.url}/api/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("/api/docs/swagger-ui-bundle.js");
  const script = await fetch(`${published.server.url}/api/docs/swagger-ui-bundle.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get("content-type")).toContain("javascript");
  expect((await fetch(`${published.server.url}/api/docs/..%2F..%2Fpackage.json`)).status).toBe(404);
  expect((await fetch(`${published.server.url}/api/docs/index.html`)).status).toBe(404);
});
