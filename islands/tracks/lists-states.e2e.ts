/** The list screens in real Chromium: headings, sort options, empty, signed-out and error states. */
import { beforeAll, describe, expect, test } from "bun:test";
import { hydrated } from "../../tests/e2e/support/hydrated";
import { type Session, signUp } from "../../tests/support/api";
import { setUpServerAndBrowser } from "../../tests/support/lifecycle";
import { signedInPage } from "../../tests/support/signed-in-page";

const live = setUpServerAndBrowser();
let user: Session;
beforeAll(async () => {
  await signUp(live.server); // the admin
  user = await signUp(live.server);
});

describe("home", () => {
  test("a visitor sees 'Public Tracks', SPEC §9's eight sorts and 'Most liked', and 'No tracks found'", async () => {
    const { context, page } = await live.openPage("/", null);
    await page.getByRole("heading", { name: "Public Tracks" }).waitFor();
    await page.getByText("No tracks found").waitFor();
    const options = await page.getByLabel("Sort by").locator("option").allTextContents();
    expect(options).toEqual([
      "Newest First",
      "Oldest First",
      "Title A-Z",
      "Title Z-A",
      "Duration Shortest",
      "Duration Longest",
      "Artist A-Z",
      "Artist Z-A",
      "Most liked",
    ]);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("newest");
    await context.close();
  });

  test("with a token the heading is 'Available Tracks'", async () => {
    const { context, page } = await live.openPage("/", user.token);
    await page.getByRole("heading", { name: "Available Tracks" }).waitFor();
    await page.getByText("No tracks found").waitFor();
    await context.close();
  });

  test("a failed load shows the error's message", async () => {
    const { context, page } = await signedInPage(live.browser, null);
    // The server failing is simulated at the network edge; the island and API client are the real ones.
    // The first page comes with the HTML, so the failing load is the one a new sort makes.
    await page.route("**/api/tracks/public**", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Database is busy" }) }),
    );
    await page.goto(`${live.server.url}/`);
    await hydrated(page);
    await page.getByLabel("Sort by").selectOption("oldest");
    await page.getByRole("alert").getByText("API request failed: Database is busy").waitFor();
    await context.close();
  });
});

describe("my tracks", () => {
  test("/my-tracks goes to the authored tab; both tabs are there", async () => {
    const { context, page } = await live.openPage("/my-tracks", user.token);
    await page.waitForURL("**/my-tracks/authored");
    await page.getByRole("heading", { name: "My Tracks" }).waitFor();
    await page.getByRole("link", { name: "Shared With Me" }).click();
    await page.waitForURL("**/my-tracks/shared");
    await page.getByRole("heading", { name: "Shared With Me" }).waitFor();
    await page.getByText("No tracks found").waitFor();
    await context.close();
  });

  test("signed out: 'Please log in to view your tracks'", async () => {
    const { context, page } = await live.openPage("/my-tracks/authored", null);
    await page.getByText("Please log in to view your tracks").waitFor();
    await context.close();
  });
});
