import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { tagReactComponents } from "./tag-react-islands";

const ROOT = join(import.meta.dir, "../..");
const MARK = 'Symbol.for("astro:renderer"), { value: "@astrojs/react"';

/** The names a transformed module marks. */
const marked = (code: string) =>
  [...code.matchAll(/Object\.defineProperty\((\w+), Symbol\.for\("astro:renderer"\)/g)].map((match) => match[1] as string);

describe("React islands are marked as React's in the server build", () => {
  test("default and named component exports are marked; hooks and constants are not", () => {
    const code = [
      "export default function Player({ id }: { id: string }) {",
      "  return <div>{id}</div>;",
      "}",
      "export function WaveformSvg<T>(props: T) { return null; }",
      "export function usePeaks() { return null; }",
      "export const PAGE_SIZE = 20;",
      "function Inner() { return null; }",
    ].join("\n");
    const out = tagReactComponents(code, "/x/islands/player/Player.tsx") as string;
    expect(out.startsWith(code)).toBe(true);
    expect(marked(out)).toEqual(["Player", "WaveformSvg"]);
    expect(out).toContain(MARK);
  });

  test("a module without components is left alone", () => {
    expect(tagReactComponents("export const a = 1;\nexport function helper() {}", "/x/islands/lib/a.tsx")).toBeNull();
  });

  test("a default export in another form fails the build instead of going unmarked", () => {
    expect(() => tagReactComponents("const Player = () => null;\nexport default memo(Player);", "/x/islands/P.tsx")).toThrow(
      "export default function Name(",
    );
  });

  test("every island component a page imports is marked", () => {
    const islandExports = new Map<string, { marks: string[]; defaultName?: string }>();
    for (const path of new Glob("islands/**/*.tsx").scanSync(ROOT)) {
      const source = readFileSync(join(ROOT, path), "utf8");
      const out = tagReactComponents(source, path);
      const defaultName = source.match(/^export default function (\w+)/m)?.[1];
      islandExports.set(path.replace(/\.tsx$/, ""), { marks: out ? marked(out) : [], defaultName });
    }
    let imports = 0;
    for (const page of new Glob("src/{pages,layouts}/**/*.astro").scanSync(ROOT)) {
      const source = readFileSync(join(ROOT, page), "utf8");
      for (const [, names, from] of source.matchAll(/^import (.+) from "((?:\.\.\/)+islands\/[^"]+)";$/gm)) {
        const module = join(page, "..", from as string);
        const island = islandExports.get(module);
        if (!island) continue; // a .ts module: helpers and props, no components
        const [defaultImport, namedImports = ""] = (names as string).split(/,?\s*\{/);
        if (/^[A-Z]/.test(defaultImport as string)) {
          expect(island.marks).toContain(island.defaultName as string);
          imports++;
        }
        for (const [name] of namedImports.matchAll(/\b[A-Z]\w*\b/g)) {
          expect(island.marks).toContain(name);
          imports++;
        }
      }
    }
    expect(imports).toBeGreaterThan(20);
  });
});
