import type { Locator, Page } from "playwright-core";

/**
 * Boxes inside `root` whose content is wider than the box and spills out visibly: text running across
 * neighbouring cards or under buttons. Content that is clipped (ellipsis) or wrapped does not count.
 * Each is named by its tag, class and the start of its text, so a failure says what overflowed.
 */
export function spillingBoxes(root: Locator): Promise<string[]> {
  return root.evaluate((rootElement) => {
    const spilled: string[] = [];
    for (const element of [rootElement, ...rootElement.querySelectorAll("*")]) {
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      // Inline boxes report no widths; their spill shows on the block that holds them.
      if (style.display === "inline" || style.display === "contents" || style.overflowX !== "visible") continue;
      if (element.scrollWidth > element.clientWidth + 1)
        spilled.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 30)}`);
    }
    return spilled;
  });
}

/**
 * The text of each box matched by `boxes` whose words run over more than one line: a label, value or button that
 * should read on one line ("Master volume", "Converting WAV...") but wraps. Visually hidden text does not count.
 */
export function wrappedBoxes(boxes: Locator): Promise<(string | null)[]> {
  return boxes.evaluateAll((elements) =>
    elements
      .filter((box) => {
        const lines = new Set<number>();
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (text.parentElement?.closest(".visually-hidden")) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top));
        }
        return lines.size > 1;
      })
      .map((box) => box.textContent),
  );
}

/** The page's scrollable width and the screen's: equal when nothing makes the page scroll sideways. */
export function pageWidths(page: Page): Promise<{ page: number; screen: number }> {
  return page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
}

/** Where `locator` sits horizontally; throws when it has no box (hidden or detached). */
export async function horizontalBox(locator: Locator): Promise<{ left: number; right: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("no box: the element is not rendered");
  return { left: box.x, right: box.x + box.width };
}
