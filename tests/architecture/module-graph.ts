import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The module rules of DEVELOPERS.md, read from the import statements of a source tree:
 * - outside `modules/<name>/`, a module is reached only through its `index.ts` (its Elysia plugins),
 *   `service.ts` (functions and types) or `model.ts` (schemas);
 * - a `schema.ts` may import another module's `schema.ts` (foreign keys); a `repo.ts` may too, to read
 *   that module's tables in its own queries (lists' keyset pages join tracks), but never to write them: an
 *   insert, update or delete of another module's table goes through that module's service, which takes the
 *   caller's transaction (`addStemIn(tx, …)`); tests, benches and scripts may write them (to seed rows);
 * - a module's public files (`index.ts`, `service.ts`, `model.ts`) never pass on a repo's functions: no
 *   `export … from` a `repo.ts`, and no export of a binding imported from one (`export const { a } = repo`),
 *   so what other modules call is an operation the module named, not its rows;
 * - islands (browser code) may import only `model.ts`;
 * - no two modules depend on each other, directly or through others (tests left out).
 *
 * Imports are found by a plain scan rather than Bun.Transpiler's scanImports, which drops type-only
 * imports: a type reached around a module's surface couples modules just as much.
 */

const SOURCE = /\.(ts|tsx|astro)$/;
const SKIPPED = new Set(["node_modules", "dist", ".astro", ".git", "migrations"]);
const IMPORT_PATTERNS = [
  /\bfrom\s*["']([^"']+)["']/g, // import … from "x", export … from "x", import type … from "x"
  /\bimport\s*["']([^"']+)["']/g, // import "x"
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import("x"), also in type positions
];
const PUBLIC_FILES = new Set(["index.ts", "service.ts", "model.ts"]);

export interface Boundaries {
  /** "importer -> imported: why" for every import that breaks a rule. */
  violations: string[];
  /** Module cycles, each as the list of modules around it (first repeated last). */
  cycles: string[][];
}

export function sourceFiles(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(name) ? [relative(root, path).split(sep).join("/")] : [];
  });
}

export function importsOf(code: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] as string));
}

/** The repository file a relative specifier names, or null for packages and files that do not exist. */
export function resolveImport(root: string, importer: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(root, dirname(importer), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split(sep).join("/");
  }
  return null;
}

const moduleOf = (path: string) => path.match(/^modules\/([^/]+)\//)?.[1] ?? null;
const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const isTest = (path: string) => /\.(test|e2e)\.tsx?$/.test(path) || /^(tests|bench|scripts)\//.test(path);

/** Why `importer` may not import `target` (another module's file), or null when it may. */
function ruleBroken(importer: string, target: string): string | null {
  const name = fileName(target);
  if (importer.startsWith("islands/")) return name === "model.ts" ? null : "islands may import only a module's model.ts";
  if (PUBLIC_FILES.has(name)) return null;
  if (name === "schema.ts" && (["schema.ts", "repo.ts"].includes(fileName(importer)) || isTest(importer))) return null;
  return "reach another module only through its index.ts, service.ts or model.ts";
}

function findCycles(edges: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (node: string, path: string[]) => {
    state.set(node, "visiting");
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (state.get(next) === "visiting") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(node, "done");
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node, [node]);
  return cycles;
}

/** The local names of the values an import statement binds: `{ a, b as c, type D }` gives a and c; `* as n` gives n. */
const NAMED_IMPORTS = /\bimport\s+(?!type\b)(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s*from\s*["']([^"']+)["']/g;

function importedBindings(code: string): { names: string[]; specifier: string }[] {
  return [...code.matchAll(NAMED_IMPORTS)].map(([, namespace, list, specifier]) => ({
    specifier: specifier as string,
    names: namespace
      ? [namespace]
      : (list as string)
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item && !item.startsWith("type "))
          .map((item) => item.split(/\s+as\s+/).pop() as string),
  }));
}

const escaped = (name: string) => name.replace(/\$/g, "\\$");

/** Whether `code` inserts into, updates or deletes from a table bound to `name` (or to a member of it, for `* as name`). */
const writesTo = (code: string, name: string) =>
  new RegExp(`\\.(insert|update|delete)\\(\\s*${escaped(name)}\\b(\\.\\w+)?\\s*\\)`).test(code);

/** Whether a public file exports `name` on: `export { name }`, `export const x = name…`, `export const { a } = name`. */
const exportsOn = (code: string, name: string) =>
  new RegExp(`\\bexport\\s*\\{[^}]*\\b${escaped(name)}\\b[^}]*\\}(?!\\s*from)`).test(code) ||
  new RegExp(`\\bexport\\s+(const|let|var)\\s+[^=;]*=\\s*${escaped(name)}\\b\\s*(\\.|;|\\n|$)`).test(code);

/** `export { a } from "x"`, `export type { A } from "x"`, `export * from "x"`. */
const RE_EXPORTS = /\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g;

/** Rules read from what a file does with an import, not only from where it points. */
function usesBroken(root: string, importer: string, code: string): string[] {
  const from = moduleOf(importer);
  const isPublic = from !== null && PUBLIC_FILES.has(fileName(importer)) && !isTest(importer);
  const broken: string[] = [];
  for (const { names, specifier } of importedBindings(code)) {
    const target = resolveImport(root, importer, specifier);
    const to = target ? moduleOf(target) : null;
    if (!target || !to) continue;
    if (to !== from && fileName(target) === "schema.ts" && !isTest(importer))
      for (const name of names.filter((name) => writesTo(code, name)))
        broken.push(`${importer} -> ${target}: writes ${name}, another module's table; call an operation of its service instead`);
    if (isPublic && fileName(target) === "repo.ts")
      for (const name of names.filter((name) => exportsOn(code, name)))
        broken.push(`${importer} -> ${target}: exports ${name} on; a public file offers operations, never a repo's rows`);
  }
  if (isPublic)
    for (const [, specifier] of code.matchAll(RE_EXPORTS)) {
      const target = resolveImport(root, importer, specifier as string);
      if (target && moduleOf(target) && fileName(target) === "repo.ts")
        broken.push(`${importer} -> ${target}: re-exports a repo; a public file offers operations, never a repo's rows`);
    }
  return broken;
}

export function checkBoundaries(root: string): Boundaries {
  const violations: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const importer of sourceFiles(root)) {
    const from = moduleOf(importer);
    const code = readFileSync(join(root, importer), "utf8");
    violations.push(...usesBroken(root, importer, code));
    for (const specifier of importsOf(code)) {
      const target = resolveImport(root, importer, specifier);
      const to = target ? moduleOf(target) : null;
      if (!target || !to || to === from) continue;
      const broken = ruleBroken(importer, target);
      if (broken) violations.push(`${importer} -> ${target}: ${broken}`);
      if (from && !isTest(importer)) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return { violations, cycles: findCycles(edges) };
}
