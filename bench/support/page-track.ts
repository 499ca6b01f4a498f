import { FULL_MIX, STEM_FILES, uploadTrack } from "../../tests/e2e/track-page/fixtures";
import { CORPUS, ensureCorpus } from "../../tests/support/corpus";
import type { TestServer } from "../../tests/support/server";
import { waitForProcessing } from "../../tests/support/uploads";

/**
 * The track page the benches measure: a public track with a cover and four stems (the generated
 * Undertow media, made on first use), uploaded by `token` and processed. Returns its id.
 */
export async function uploadPageTrack(server: TestServer, token: string): Promise<string> {
  ensureCorpus();
  const id = await uploadTrack(server, token, {
    original: FULL_MIX,
    cover: `${CORPUS}/images/matplotlib-grace_hopper.jpg`,
    stems: STEM_FILES,
  });
  await waitForProcessing(server, token, id);
  return id;
}
