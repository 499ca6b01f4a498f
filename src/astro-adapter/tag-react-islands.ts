import type { Plugin } from "vite";

/** Astro's mark of the renderer that owns a component (astro/runtime/server's `__astro_tag_component__`). */
const RENDERER_MARK = 'Symbol.for("astro:renderer")';

/** Exported components: `export function Name(` and `export default function Name(`, the one form islands use. */
const EXPORTED_COMPONENT = /^export (default )?function ([A-Z][A-Za-z0-9]*)\s*[(<]/gm;
const ANY_DEFAULT_EXPORT = /^export default /m;

/**
 * Appends to an island module's server build the mark naming React as the renderer of every component it
 * exports. Astro renders an unmarked component only after asking each renderer whether it owns it, and
 * @astrojs/react answers by rendering the component once more (its `check`): every island on a page was
 * rendered twice per page render. A default export in another form fails the build rather than going unmarked.
 */
export function tagReactComponents(code: string, id: string): string | null {
  const exported = [...code.matchAll(EXPORTED_COMPONENT)];
  if (ANY_DEFAULT_EXPORT.test(code) && !exported.some((match) => match[1]))
    throw new Error(`${id}: an island's default export must be written 'export default function Name(' to be marked as React's`);
  if (exported.length === 0) return null;
  const marks = exported.map(
    ([, , name]) => `Object.defineProperty(${name}, ${RENDERER_MARK}, { value: "@astrojs/react", enumerable: false });`,
  );
  return `${code}\n${marks.join("\n")}\n`;
}

/** The Vite plugin: island components (islands/**\/*.tsx) in the server build only; browsers need no mark. */
export function reactIslandTags(): Plugin {
  return {
    name: "stemma:react-island-tags",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/\/islands\/.+\.tsx$/.test(id)) return null;
      const tagged = tagReactComponents(code, id);
      return tagged === null ? null : { code: tagged, map: null };
    },
  };
}
