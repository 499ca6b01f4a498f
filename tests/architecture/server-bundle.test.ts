/**
 * The server runs as one bundled file (scripts/build-server.ts) in which every module's `import.meta.dir` is the
 * bundle's folder, not its own: a path built from a module's own folder would point elsewhere once bundled. So the
 * server's code names paths from `ROOT` (src/server/paths.ts), and nothing else in it reads where it lives.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT } from "../../src/server/paths";

const SERVER_CODE = ["src/server", "src/shared", "modules"];
const NOT_BUNDLED = /\.(test|e2e)\.tsx?$|\.bundle\.js$/;
const WHERE_IT_LIVES = /import\.meta\.(dir|dirname|url|path|filename)|__dirname|__filename/;

test("server code names its files from ROOT, never from where its module lives", () => {
  const offending = SERVER_CODE.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !NOT_BUNDLED.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .filter((file) => file !== "src/server/paths.ts" && WHERE_IT_LIVES.test(readFileSync(join(ROOT, file), "utf8"))),
  );
  expect(offending).toEqual([]);
});
