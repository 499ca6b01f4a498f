/**
 * Forks in real Chromium: the Fork button (others' tracks only), the fork modal with its default title
 * and 'Error: {message}', landing on the new fork with its "Forked from" line, and the fork tree modal
 * ('No public forks found.', a count of the private forks it does not list, 'Error loading forks: {message}', each fork
 * nested under its own parent, on localhost and on a plain-http LAN name).
 * Screenshots at 1280 and 375 px.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import type { ForkTree } from "../../modules/forks/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { ORIGINS, type Origin } from "../support/origins";
import { screenshotPath } from "../support/screenshots";
import { createTrack, uploadTiny, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";

const live = setUpServerAndBrowser();

/** The page at `path`, once the fork panel has hydrated (its buttons do nothing before). */
async function openTrack(
  path: string,
  token: string | null,
  viewport?: { width: number; height: number },
  origin: Origin = "localhost",
) {
  const opened = await live.openPage(path, token, { ...(viewport && { viewport }), origin });
  await opened.page.waitForFunction(() => !document.querySelector('astro-island[component-url*="ForkPanel"][ssr]'));
  return opened;
}
let owner: Session;
let forker: Session;
let trackId: string;

beforeAll(async () => {
  await signUp(live.server);
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  trackId = await uploadTiny(live.server, owner, { title: "Undertow" });
  await waitForProcessing(live.server, owner.token, trackId);
}, 60_000);

describe("the Fork button", () => {
  test("hidden for visitors and on your own track; the fork tree is open to everyone", async () => {
    for (const token of [null, owner.token]) {
      const { context, page } = await openTrack(`/track/${trackId}`, token);
      await page.getByRole("button", { name: "View Forks (0)" }).waitFor();
      expect(await page.getByRole("button", { name: "Fork", exact: true }).count()).toBe(0);
      await context.close();
    }
  });

  test("the modal defaults to '{title} (Fork)' and private; a refusal shows 'Error: {message}'; success opens the fork", async () => {
    const { context, page } = await openTrack(`/track/${trackId}`, forker.token, { width: 1280, height: 800 });
    await page.getByRole("button", { name: "Fork", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Fork Track" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Undertow (Fork)");
    expect(await dialog.getByLabel("Public").isChecked()).toBe(false);
    await page.screenshot({ path: screenshotPath("fork-modal-1280") });

    // The owner hides the track meanwhile: the server refuses, and the modal says so.
    await call(live.server, "PATCH", `/track/${trackId}/visibility`, { token: owner.token, body: { isPublic: false } });
    await dialog.getByRole("button", { name: "Fork", exact: true }).click();
    await dialog.getByText("Error: API request failed: Track not found").waitFor();
    await call(live.server, "PATCH", `/track/${trackId}/visibility`, { token: owner.token, body: { isPublic: true } });

    await dialog.getByLabel("Title").fill("Undertow Redux");
    await dialog.getByLabel("Description").fill("Slower");
    await dialog.getByRole("button", { name: "Fork", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/track/") && !url.pathname.endsWith(trackId));
    await page.getByRole("heading", { name: "Undertow Redux" }).waitFor();
    const lineage = page.locator(".fork-lineage");
    await lineage.getByText(`Forked from Undertow by ${owner.user.username}`).waitFor();
    expect(await lineage.getByRole("link", { name: "Undertow" }).getAttribute("href")).toBe(`/track/${trackId}`);
    await context.close();
  });
});

describe("the fork tree", () => {
  test.each([1280, 375])(
    "at %i px others are told of the private fork the count includes, not 'No public forks found.'",
    async (width) => {
      for (const token of [null, owner.token]) {
        const { context, page } = await openTrack(`/track/${trackId}`, token, { width, height: 800 });
        await page.getByRole("button", { name: "View Forks (1)" }).click();
        const tree = page.getByRole("dialog", { name: "Forks" });
        await tree.getByText("1 private fork, visible only to its owner").waitFor();
        expect(await tree.getByText("No public forks found.").count()).toBe(0);
        expect(await tree.getByRole("link").count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    },
  );

  test("the forker sees their private fork, linked", async () => {
    const { context, page } = await openTrack(`/track/${trackId}`, forker.token, { width: 375, height: 700 });
    await page.getByRole("button", { name: "View Forks (1)" }).click();
    const tree = page.getByRole("dialog", { name: "Forks" });
    await tree.getByRole("link", { name: "Undertow Redux" }).waitFor();
    await tree.getByText("Private").waitFor();
    expect(await tree.getByText("No public forks found.").count()).toBe(0);
    await page.screenshot({ path: screenshotPath("fork-tree-375") });
    await context.close();
  });

  test("a failed load shows 'Error loading forks: {message}'", async () => {
    const { context, page } = await openTrack(`/track/${trackId}`, null);
    // The server failing is simulated at the network edge; the island and API client are the real ones.
    await page.route("**/api/track/*/forks", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Database is busy" }) }),
    );
    await page.getByRole("button", { name: /View Forks/ }).click();
    await page.getByText("Error loading forks: API request failed: Database is busy").waitFor();
    await context.close();
  });

  test("a deleted fork stops counting: 'View Forks (0)' and 'No public forks found.'", async () => {
    const tree = await call<ForkTree>(live.server, "GET", `/track/${trackId}/forks`, { token: forker.token });
    const forkIds = tree.body.forks.map((fork) => fork.id);
    await call(live.server, "DELETE", "/tracks", { token: forker.token, body: { trackIds: forkIds } });
    const { context, page } = await openTrack(`/track/${trackId}`, null);
    await page.getByRole("button", { name: "View Forks (0)" }).click();
    await page.getByRole("dialog", { name: "Forks" }).getByText("No public forks found.").waitFor();
    expect(await page.getByText(/private fork/).count()).toBe(0);
    await context.close();
  });
});

/** The title of the track whose list item holds the item of the fork titled `title` (null for the tree's root). */
async function drawnUnder(tree: Locator, title: string): Promise<string | null> {
  return tree.getByRole("link", { name: title, exact: true }).evaluate((link) => {
    const parent = link.closest("li")?.parentElement?.closest("li");
    return parent?.querySelector(":scope > a")?.textContent ?? null;
  });
}

for (const origin of ORIGINS) {
  describe(`the fork tree's shape (${origin})`, () => {
    test("each fork is drawn under its own parent; one under a hidden fork under its nearest visible ancestor", async () => {
      const [alice, bob] = [await signUp(live.server), await signUp(live.server)];
      const root = await uploadTiny(live.server, owner, { title: `Family ${origin}` });
      await waitForProcessing(live.server, owner.token, root);
      const forkAs = async (session: Session, id: string, title: string) =>
        (
          await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
            token: session.token,
            body: { title, isPublic: true },
          })
        ).body.id;
      await forkAs(alice, root, "Pan test");
      const cleo = await forkAs(alice, root, "cleo rework");
      await forkAs(bob, cleo, "cleo rework, slower");
      const hidden = await forkAs(bob, root, "Hidden");
      await forkAs(alice, hidden, "Under hidden");
      await call(live.server, "PATCH", `/track/${hidden}/visibility`, { token: bob.token, body: { isPublic: false } });

      const { context, page } = await openTrack(`/track/${root}`, null, { width: 375, height: 800 }, origin);
      await page.getByRole("button", { name: "View Forks (3)" }).click();
      const tree = page.getByRole("dialog", { name: "Forks" });
      await tree.getByRole("link", { name: "cleo rework, slower" }).waitFor();
      expect(await drawnUnder(tree, "cleo rework, slower")).toBe("cleo rework");
      expect(await drawnUnder(tree, "cleo rework")).toBe(`Family ${origin}`);
      expect(await drawnUnder(tree, "Pan test")).toBe(`Family ${origin}`);
      // Siblings oldest first.
      const firstLevel = tree.locator(".fork-tree > li > ul > li > a");
      expect(await firstLevel.allTextContents()).toEqual(["Pan test", "cleo rework", "Under hidden"]);
      expect(await drawnUnder(tree, "Under hidden")).toBe(`Family ${origin}`);
      await tree.getByText("forked from a fork that is private or deleted").waitFor();
      expect(await tree.getByText("Hidden", { exact: true }).count()).toBe(0);
      await tree.getByText("1 private fork, visible only to its owner").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`fork-tree-nested-${origin}-375`) });
      await context.close();
    });
  });
}

test("a fork's edit screen offers only the licences that honour its original's", async () => {
  const licenses = (await call<Array<{ id: string; type: string }>>(live.server, "GET", "/licenses")).body;
  const byType = (type: string) => licenses.find((license) => license.type === type)?.id as string;
  const source = await createTrack(live.server, owner.token, {
    original: "bad/CON.wav",
    data: { title: "Non-commercial", licenseId: byType("CC_BY_NC") },
  });
  await waitForProcessing(live.server, owner.token, source);
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${source}/fork`, {
    token: forker.token,
    body: { title: "NC fork" },
  });
  const { context, page } = await live.openPage(`/track/${fork.body.id}/edit`, forker.token);
  const select = page.getByLabel("License", { exact: true });
  await select.waitFor();
  const offered = await select
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(offered.sort()).toEqual([byType("CC_BY_NC"), byType("CC_BY_NC_SA")].sort());
  await context.close();
});
