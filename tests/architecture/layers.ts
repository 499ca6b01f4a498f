import { readFileSync } from "node:fs";
import { join } from "node:path";
import { importsOf, resolveImport, sourceFiles } from "./module-graph";

/**
 * The layers of the checkout, read from import statements like the module rules (module-graph.ts):
 * - the server (`src/server`, `modules`) runs without `scripts/` and `islands/`: what a script or an island
 *   shares with it lives in the server (`src/server/infra`, `src/server/migrate`) or in `src/shared`;
 * - `src/shared` is used by both sides, so it imports neither.
 * Islands take only types from the server: island-client.test.ts holds them to it. Tests are left out: they
 * may reach any layer.
 */

const isTest = (path: string) => /\.(test|e2e)\.tsx?$/.test(path);
const under = (path: string, folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));

/** Why `importer` may not import `target`, or null when it may. */
function layerBroken(importer: string, target: string): string | null {
  if (under(importer, ["src/server", "modules"]) && under(target, ["scripts", "islands"])) {
    return "the server may not import scripts or islands: move what both use into src/server or src/shared";
  }
  if (under(importer, ["src/shared"]) && under(target, ["src/server", "scripts", "islands"])) {
    return "src/shared is used by the server and the islands alike, so it imports neither";
  }
  return null;
}

/** "importer -> imported: why" for every import that crosses a layer the wrong way. */
export function checkLayers(root: string): string[] {
  return sourceFiles(root)
    .filter((importer) => !isTest(importer))
    .flatMap((importer) => {
      const code = readFileSync(join(root, importer), "utf8");
      return importsOf(code).flatMap((specifier) => {
        const target = resolveImport(root, importer, specifier);
        const broken = target && layerBroken(importer, target);
        return broken ? [`${importer} -> ${target}: ${broken}`] : [];
      });
    });
}
