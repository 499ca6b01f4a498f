/**
 * The islands' client takes its types from the server (islands/lib/api.ts: Eden Treaty on the app's type), so a
 * caller never states what a route answers: a type argument at a call (`api.get<T>()`, `reply<T>()`) would be a
 * second declaration of the reply, free to drift from the route's schema. And the app's type is all the islands
 * take of the server: an import of `src/server` that is not `import type` would put server code in the browser.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const REPO = join(import.meta.dir, "../..");

/** A call of the client, or a route of it, given a type argument. */
const TYPED_CALL =
  /(?<!function\s+)\b(?:(?:reply|sendForm|request|upload)|api(?:\.[\w$]+|\[[^\]\n]+\]|\([^)\n]*\))*\.(?:get|post|put|patch|delete))\s*<[\w{[]/g;
/** Imports of the server's own code (not a module's model.ts, which the module graph holds to its rules). */
const SERVER_IMPORT = /^\s*import\s+(type\s+)?[^;]*?from\s+["']([^"']*\/src\/server\/[^"']*)["']/gm;

export function typedCalls(code: string): string[] {
  return [...code.matchAll(TYPED_CALL)].map((match) => match[0]);
}

export function serverValueImports(code: string): string[] {
  return [...code.matchAll(SERVER_IMPORT)].filter((match) => !match[1]).map((match) => match[2] as string);
}

function islandSources(): { path: string; code: string }[] {
  return readdirSync(join(REPO, "islands"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .map((path) => ({ path, code: readFileSync(join(REPO, path), "utf8") }));
}

test("no island names the reply type of a call: it comes from the route", () => {
  const named = islandSources().flatMap(({ path, code }) => typedCalls(code).map((call) => `${path}: ${call}`));
  expect(named).toEqual([]);
});

test("islands take only types from src/server", () => {
  const imported = islandSources().flatMap(({ path, code }) =>
    serverValueImports(code).map((from) => `${path} imports ${from}: use import type`),
  );
  expect(imported).toEqual([]);
});

describe("the scans themselves", () => {
  test("find type arguments on the client's calls, not on other generics", () => {
    const code = [
      'api.get<TrackPage>("/tracks")',
      "api.track({ id }).forks.get<ForkTree>()",
      'api.admin["feature-flags"].post<FeatureFlag>(input)',
      "reply<License>(api.licenses.get())",
      "useState<string | null>(null)",
      "reply(api.track({ id }).get(fresh()))",
      "new Map<string, Promise<License>>()",
      "export function reply<C extends Call>(call: C)",
      "<p>Uploading a whole album? <a href='/upload'>Bulk upload</a></p>",
    ].join("\n");
    expect(typedCalls(code)).toEqual([
      "api.get<T",
      "api.track({ id }).forks.get<F",
      'api.admin["feature-flags"].post<F',
      "reply<L",
    ]);
  });

  test("find value imports of the server, and let type imports through", () => {
    const code = [
      'import type { api as server } from "../../src/server/api";',
      'import { config } from "../../src/server/config";',
      'import { isProcessingUrl } from "../../src/shared/processing-marker";',
    ].join("\n");
    expect(serverValueImports(code)).toEqual(["../../src/server/config"]);
  });
});
