import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * A local Astro adapter: the build emits a server bundle whose entry exports
 * `handle(request, locals)`; the Elysia server imports it and calls it for
 * on-demand pages, so pages, API, media and jobs share one Bun process.
 */
export default function stemmaAdapter(): AstroIntegration {
  return {
    name: "stemma-adapter",
    hooks: {
      // Islands that hydrate on a reader's first touch (client-interaction.ts): the track page's Share menu.
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "interaction",
          entrypoint: fileURLToPath(new URL("./client-interaction.ts", import.meta.url)),
        });
      },
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "stemma-adapter",
          serverEntrypoint: new URL("./entrypoint.ts", import.meta.url),
          entrypointResolution: "auto",
          supportedAstroFeatures: {
            serverOutput: "stable",
            staticOutput: "stable",
            hybridOutput: "stable",
            sharpImageService: "stable",
          },
        });
      },
    },
  };
}
