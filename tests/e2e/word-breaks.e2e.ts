/**
 * Words break only where a word is too long for its box: on a fork's page as its owner (header, downloads, stems,
 * studio) at 1280 and 375 px, no short word is split across lines. Measured in Chromium from the laid-out text: a
 * word whose pieces lie on different lines although, whole, it is narrower than a third of the narrowest screen
 * (so it fits any box a layout should give it; a box squeezed narrower than that is the fault).
 */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { drumsAndBassTrack } from "../support/studio";
import { waitForProcessing } from "../support/uploads";

const live = setUpServerAndBrowser();
let forker: Session;
let forkId: string;

beforeAll(async () => {
  const owner = await signUp(live.server);
  forker = await signUp(live.server);
  const id = await drumsAndBassTrack(live.server, owner.token);
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
    token: forker.token,
    body: { title: "Undertow (night mix)", isPublic: true },
  });
  forkId = fork.body.id;
  await waitForProcessing(live.server, forker.token, forkId);
}, 120_000);

/** Every short word split over lines: "text (its width whole, px)". */
const needlessBreaks = () => {
  const SHORT_WORD_PX = 120;
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest("script, style, noscript, [hidden]")) continue;
    // A word may wrap after a hyphen or slash as any text does: the pieces between them are what must stay whole.
    for (const word of (node.textContent ?? "").matchAll(/[^\s\-–/]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const pieces = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const lines = new Set(pieces.map((rect) => Math.round(rect.top)));
      const whole = pieces.reduce((sum, rect) => sum + rect.width, 0);
      if (lines.size > 1 && whole < SHORT_WORD_PX) found.push(`${word[0]} (${Math.round(whole)} px)`);
    }
  }
  return found;
};

test.each([
  [1280, 900],
  [375, 800],
])(
  "at %i px no short word of a fork's page breaks",
  async (width, height) => {
    const { context, page } = await live.openPage(`/track/${forkId}`, forker.token, { viewport: { width, height } });
    await page.getByRole("region", { name: "Studio" }).waitFor();
    await page.getByRole("group", { name: "Download drums" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`word-breaks-${width}`), fullPage: true });
    expect(await page.evaluate(needlessBreaks)).toEqual([]);
    await context.close();
  },
  90_000,
);
