import { join } from "node:path";

/**
 * The checkout's (or the image's) root folder. The server runs as one bundled file, `src/server/main.bundle.js`
 * (scripts/build-server.ts), in which every module's `import.meta.dir` is this folder, so a path reached from a
 * module's own folder would point elsewhere once bundled: every file the server reads or starts by path is
 * named from here, which is the same folder from the source and from the bundle.
 */
export const ROOT = join(import.meta.dir, "../..");
