import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { clientChunkGroups } from "./src/astro-adapter/client-chunks.ts";
import stemmaAdapter from "./src/astro-adapter/index.ts";
import { serverOnlyImports } from "./src/astro-adapter/server-only-imports.ts";
import { reactIslandTags } from "./src/astro-adapter/tag-react-islands.ts";

// Pages are prerendered by default; pages with `prerender = false` render on demand
// through the local adapter, called from the Elysia server in the same process.
export default defineConfig({
  output: "static",
  adapter: stemmaAdapter(),
  // Pages are rendered whole before they are sent (and kept), so React's streaming only costs: renderToString.
  integrations: [react({ experimentalDisableStreaming: true })],
  vite: {
    plugins: [serverOnlyImports(), reactIslandTags()],
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups } } } } } },
  },
  srcDir: "./src",
  // No outDir: scripts/build.ts (npm run build) gives every build a new folder and then makes it the current one.
  build: { format: "directory" },
  devToolbar: { enabled: false },
  // The client router (layouts/Base.astro) would prefetch every link a pointer passes over: a page render each, for
  // visits mostly not made. Links are fetched when followed.
  prefetch: { prefetchAll: false },
  // /my-tracks and /admin forward to their first tab with a real redirect in src/server/http/pages.ts.
  telemetry: false,
});
