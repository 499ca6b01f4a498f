import { isAbsolute, join } from "node:path";
import { ensureGeneratedMedia } from "../fixtures/generator/generate";

/**
 * The test media: real files committed under tests/fixtures (sources and licences in its README) and the synthetic
 * album and stems generated beside them on first use (git-ignored), all named relative to this one folder.
 */
export const CORPUS = join(import.meta.dir, "..", "fixtures");
export const corpusPath = (path: string) => (isAbsolute(path) ? path : join(CORPUS, path));

/** Makes the generated media unless they are there already (the test preload and the benches call it). */
export const ensureCorpus = () => ensureGeneratedMedia(CORPUS);
