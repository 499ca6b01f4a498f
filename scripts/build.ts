/**
 * `npm run build` (and `npm start`, the image, `npm test`): the pages (the Astro build), then the server bundle
 * (scripts/build-server.ts). The pages are built into a new folder, which becomes current only once whole
 * (src/server/infra/build-folders.ts): a server running beside it keeps serving the build it started from, and one started
 * later serves the new one. When the current build was made from the same inputs, none is made.
 */
import { join } from "node:path";
import {
  currentBuildInputs,
  makeCurrent,
  newBuildFolder,
  removeOldBuilds,
  withBuildLock,
} from "../src/server/infra/build-folders";
import { buildIdOf } from "../src/server/infra/build-id";
import { ROOT } from "../src/server/paths";
import { buildServerBundle } from "./build-server";

/**
 * What the Astro build reads: the pages and islands, the modules and shared code they import, the static files, the
 * configuration and the locked packages.
 */
const INPUTS = ["src", "islands", "modules", "public", "astro.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
/** Tests, and the server bundle, which is made from the same sources after the pages. */
const NOT_INPUTS = /\.(test|e2e)\.tsx?$|^main\.bundle\.js/;

// The pages as they are served, whatever the caller's NODE_ENV (`bun test` sets "test"): Astro builds React's
// development JSX otherwise.
process.env.NODE_ENV = "production";

await withBuildLock(async () => {
  const inputs = buildIdOf(
    ROOT,
    INPUTS.map((path) => join(ROOT, path)),
    NOT_INPUTS,
  );
  if (currentBuildInputs() === inputs) {
    console.log("The pages are up to date.");
  } else {
    const started = performance.now();
    const folder = newBuildFolder();
    // Loaded only to build: it takes seconds.
    const { build } = await import("astro");
    // Errors only, here and in the server, which renders with the build's log level.
    await build({ root: ROOT, outDir: folder, logLevel: "error" });
    makeCurrent(folder, inputs);
    console.log(`Built the pages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  removeOldBuilds();
});
await buildServerBundle();
