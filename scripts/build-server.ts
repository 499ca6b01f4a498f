/**
 * Bundles the server (src/server/main.ts and everything it imports, packages included) into one file,
 * src/server/main.bundle.js, which `npm start`, the image and the tests run. One module instead of some
 * six hundred (drizzle alone is hundreds of small files) keeps about 10 MB less resident for as long as the
 * server runs. It is not minified: Elysia reads each handler's own source to learn what the handler uses (its
 * body, query, set), which minified code hides, and names and lines stay, so a logged stack reads as the source
 * does (each module's code follows a comment naming its file). A source map would read better, but Bun loads it
 * with the bundle: 6 MB more resident, most of what bundling saves. Run by `npm run build` and before every test run
 * (tests/preload.ts); the file is rewritten only when it changed, by a rename, so a server starting meanwhile
 * reads one whole bundle or the other.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../src/server/paths";

const FOLDER = join(ROOT, "src/server");
export const SERVER_BUNDLE = join(FOLDER, "main.bundle.js");

export async function buildServerBundle(): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(FOLDER, "main.ts")],
    target: "bun",
  });
  if (!result.success) throw new AggregateError(result.logs, "The server bundle could not be built");
  const [output] = result.outputs;
  if (!output) throw new Error("The server bundle came out empty");
  const code = await output.text();
  if (existsSync(SERVER_BUNDLE) && readFileSync(SERVER_BUNDLE, "utf8") === code) return;
  const partial = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  writeFileSync(partial, code);
  renameSync(partial, SERVER_BUNDLE);
}

if (import.meta.main) await buildServerBundle();
