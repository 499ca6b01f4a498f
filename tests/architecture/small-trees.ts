import { afterAll } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * For tests of an architecture check over small trees: returns `tree`, which writes a throwaway tree of
 * `path -> source` and gives its root; every tree made goes after the tests that registered it.
 */
export function smallTrees(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
    roots.push(root);
    for (const [path, code] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), code);
    }
    return root;
  };
}
