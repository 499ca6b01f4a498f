import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { signedInPage } from "../support/signed-in-page";

/** An upload over MAX_UPLOAD_MB: the page shows the server's message instead of a bare failure. */
const live = setUpServerAndBrowser({ env: { MAX_UPLOAD_MB: "1" } });
let token: string;
let overLimit: string;
beforeAll(async () => {
  await signUp(live.server); // the first account is the admin
  token = (await signUp(live.server)).token;
  overLimit = join(live.server.dataDir, "..", `over-${crypto.randomUUID()}.wav`);
  const made = Bun.spawnSync([
    "ffmpeg",
    ...["-loglevel", "error", "-f", "lavfi", "-i", "sine=duration=12:sample_rate=48000"],
    ...["-c:a", "pcm_s16le", overLimit],
  ]);
  if (made.exitCode !== 0) throw new Error(String(made.stderr));
});

describe("upload size", () => {
  test("a file over the instance's upload limit gets the limit named on the upload page, and no track", async () => {
    const { context, page } = await signedInPage(live.browser, token, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${live.server.url}/upload`);
    await page.getByRole("heading", { name: "Upload Track", level: 1 }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Too Long");
    await page.getByLabel("Primary Artist", { exact: true }).fill("Size");
    await page.getByLabel("Audio File", { exact: true }).setInputFiles(overLimit);
    const license = page.getByLabel("License", { exact: true });
    await license.locator("option").nth(1).waitFor({ state: "attached" });
    await license.selectOption((await license.locator("option").nth(1).getAttribute("value")) as string);
    await page.getByRole("button", { name: "Upload Track" }).click();
    await page.getByText("The upload is larger than the 1.0 MB limit").waitFor();
    expect(new URL(page.url()).pathname).toBe("/upload");
    await context.close();
  }, 60_000);
});
