import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import stemmaAdapter from "./src/astro-adapter/index.ts";

// Pages are prerendered by default; pages with `prerender = false` render on demand
// through the local adapter, called from the Elysia server in the same process.
export default defineConfig({
  output: "static",
  adapter: stemmaAdapter(),
  integrations: [react()],
  srcDir: "./src",
  outDir: "./dist",
  build: { format: "directory" },
  devToolbar: { enabled: false },
  telemetry: false,
});
