/**
 * One contract from the server to the islands: a shape the API sends is declared once, in a module's `model.ts`
 * (the route schema, whose `.static` type the islands import), never again in an island, where copies drifted from
 * the API (size fields it never sent, a sort field missing, a date typed as the wrong kind). This fails when an
 * island declares a type or interface under a name a model exports.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const REPO = join(import.meta.dir, "../..");

const DECLARED = /^\s*(?:export\s+)?(?:interface|type)\s+([A-Z]\w*)\b/gm;
const EXPORTED = /^export\s+(?:const|type|interface)\s+([A-Z]\w*)\b/gm;

/** Names a source declares as a type or interface (not re-exports such as `export type { X }`). */
export function declaredTypes(code: string): string[] {
  return [...code.matchAll(DECLARED)].map((match) => match[1] as string);
}

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

function modelNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const path of filesUnder("modules", (name) => name === "model.ts"))
    for (const match of readFileSync(join(REPO, path), "utf8").matchAll(EXPORTED)) names.set(match[1] as string, path);
  return names;
}

test("no island declares a type a module's model.ts exports", () => {
  const models = modelNames();
  const islands = filesUnder("islands", (name) => /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name));
  const redeclared = islands.flatMap((path) =>
    declaredTypes(readFileSync(join(REPO, path), "utf8"))
      .filter((name) => models.has(name))
      .map((name) => `${path} declares ${name}: import it from ${models.get(name)}`),
  );
  expect(redeclared).toEqual([]);
});

describe("the scan itself", () => {
  test("finds interfaces and type aliases, exported or not, and skips re-exports", () => {
    const code = [
      "interface License { id: string }",
      "export type ForkTree = { total: number };",
      "  type Lineage = string;",
      "export type { TrackPage } from '../../modules/lists/model';",
      "const notAType = 1;",
    ].join("\n");
    expect(declaredTypes(code)).toEqual(["License", "ForkTree", "Lineage"]);
  });
});
