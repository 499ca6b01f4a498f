/**
 * The track page's licence (name, link to its text, what it means: the full description for the owner, the usage
 * description for others), a fork's attribution line for its whole chain, read fresh (an ancestor renamed shows at
 * once, whatever the kept page holds), and the edit screen saying why a fork's licences are limited. 1280 and 375 px.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { License } from "../../modules/licenses/model";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { screenshotPath } from "../support/screenshots";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";

setDefaultTimeout(60_000);

const live = setUpServerAndBrowser();
let alice: Session;
let bob: Session;
let bySa: License;
let undertow: string;
let forkId: string;

const rename = (title: string) =>
  call(live.server, "PATCH", `/track/${undertow}`, {
    token: alice.token,
    body: { title, primaryArtistName: "Nova Drift", licenseId: bySa.id },
  });

beforeAll(async () => {
  await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  bySa = (await call<License[]>(live.server, "GET", "/licenses")).body.find((license) => license.type === "CC_BY_SA") as License;
  undertow = await uploadTiny(live.server, alice, { title: "Undertow" });
  await waitForProcessing(live.server, alice.token, undertow);
  expect((await rename("Undertow")).status).toBe(200);
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${undertow}/fork`, {
    token: bob.token,
    body: { title: "Undertow (Fork)", isPublic: true },
  });
  forkId = fork.body.id;
});

describe.each([1280, 375])("at %i px", (width) => {
  const viewport = { width, height: 900 };

  test("others read the licence's usage, linked to its text, and the fork's attribution; a rename shows at once", async () => {
    // The other width's run renamed it: back to the name the fork was made under.
    expect((await rename("Undertow")).status).toBe(200);
    const { context, page } = await live.openPage(`/track/${forkId}`, null, { viewport });
    const license = page.getByRole("region", { name: "License" });
    const link = license.getByRole("link", { name: "CC BY-SA 4.0" });
    expect(await link.getAttribute("href")).toBe("https://creativecommons.org/licenses/by-sa/4.0/");
    expect(await link.getAttribute("target")).toBe("_blank");
    await license.getByText(bySa.usageDescription).waitFor();
    await page.getByText(`Based on 'Undertow' by ${alice.user.username}, CC BY-SA 4.0`).waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`track-license-${width}`) });

    expect((await rename(`Undertow ${width}`)).status).toBe(200);
    await page.reload();
    await page.getByText(`Based on 'Undertow ${width}' by ${alice.user.username}, CC BY-SA 4.0`).waitFor();
    await context.close();
  });

  test("the owner reads the licence's full description; the edit screen says why a fork's choices are limited", async () => {
    const { context, page } = await live.openPage(`/track/${forkId}`, bob.token, { viewport });
    await page.getByRole("region", { name: "License" }).getByText(bySa.description).waitFor();
    await page.goto(`${live.server.url}/track/${forkId}/edit`);
    await page
      .getByText(
        "This track is a fork: it keeps the obligations of its CC BY-SA license, so only licenses that honor them are offered.",
      )
      .waitFor();
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
