import type { Plugin } from "vite";

const SUFFIX = "?server-only";
const NOTHING = "\0stemma:server-only-nothing";

/**
 * `import onServer from "./Module?server-only"`: the module itself in the server build, `null` in the browsers'.
 * An island that loads part of itself lazily (React.lazy) takes the part from here on the server, so a page rendered
 * for a signed-in viewer has it in its HTML (issue 39: renderToString cannot wait for a lazy part), while visitors'
 * browsers still download it only when they need it. A plain static import would pull it into the island's chunk.
 */
export function serverOnlyImports(): Plugin {
  return {
    name: "stemma:server-only-imports",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (!source.endsWith(SUFFIX)) return null;
      if (!options?.ssr) return NOTHING;
      return this.resolve(source.slice(0, -SUFFIX.length), importer, { ...options, skipSelf: true });
    },
    load: (id) => (id === NOTHING ? "export default null;" : null),
  };
}
