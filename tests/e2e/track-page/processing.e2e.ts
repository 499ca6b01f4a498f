import { expect, setDefaultTimeout, test } from "bun:test";
import { signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { CORPUS, FULL_MIX, openTrackPage, STEM_FILES, uploadTrack } from "./fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();

test("while processing the page says 'Processing audio...' with a placeholder cover, then refreshes itself", async () => {
  const owner = await signUp(live.server);
  // Five minutes of stems and a large cover keep the pipeline busy long enough to see the page mid-way.
  const id = await uploadTrack(live.server, owner.token, {
    original: FULL_MIX,
    cover: `${CORPUS}/images/generated-large-cover-3000x3000.jpg`,
    stems: STEM_FILES,
  });
  // The server-rendered page, asked for at once: the cover job (sharp, a fraction of a second) cannot
  // have finished yet. Asked for later, in the browser, the cover may already be done while stems still encode.
  const html = await (await fetch(`${live.server.url}/track/${id}`)).text();
  expect(html).toContain('aria-label="Cover art processing"');
  const page = await openTrackPage(live, id);
  await page.getByText("Processing audio...").first().waitFor();
  const player = page.getByRole("group", { name: "Player: Undertow" });
  await player.waitFor({ timeout: 90_000 });
  await page.getByRole("img", { name: "Cover art of Undertow" }).waitFor();
  // The stems' MP3s may still be encoding after the full track plays: the page keeps refreshing until they are done.
  await page.getByText("Processing audio...").first().waitFor({ state: "detached", timeout: 90_000 });
  expect(await page.getByText("Processing audio...").count()).toBe(0);
  await page.context().close();
});
