/**
 * Media on S3 in the browser (MEDIA_DELIVERY=redirect): the players follow the 302 to the bucket. The
 * bucket allows the site's origin by CORS, as docs/operating.md asks operators to set, so the synced-stems
 * player may fetch and decode the stems by script from another origin.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { setUpS3Server } from "../../support/s3-server";
import { waitForProcessing } from "../../support/uploads";
import { FULL_MIX, openTrackPage, STEM_FILES, uploadTrack, waitForState } from "./fixtures";

setDefaultTimeout(120_000);

const env: Record<string, string> = { MEDIA_DELIVERY: "redirect" };
const bucket = setUpS3Server(env, { corsOrigin: "*" });
const live = setUpServerAndBrowser({ env });
let trackId: string;

beforeAll(async () => {
  const owner = await signUp(live.server);
  trackId = await uploadTrack(live.server, owner.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 2) });
  await waitForProcessing(live.server, owner.token, trackId);
});

test("the full track plays and the stems decode and play in sync, all read from the bucket", async () => {
  const page = await openTrackPage(live, trackId);
  const fromBucket: string[] = [];
  page.on("requestfinished", (request) => {
    if (request.url().startsWith(bucket.s3.endpoint)) fromBucket.push(new URL(request.url()).pathname);
  });

  const fullTrack = page.getByRole("group", { name: "Player: Undertow" });
  await waitForState(fullTrack, "ready");
  await fullTrack.getByRole("button", { name: "Play" }).click();
  await waitForState(fullTrack, "playing");

  const stems = page.getByRole("region", { name: /^Stems/ });
  await stems.scrollIntoViewIfNeeded();
  await stems.getByRole("button", { name: "Sync" }).click();
  const synced = stems.getByRole("region", { name: "Synced stems" });
  await waitForState(synced, "ready");
  await stems.getByRole("button", { name: "Play All" }).click();
  await waitForState(synced, "playing");
  await synced.getByText(/^0:0[1-9] \/ 1:00$/).waitFor();

  const prefix = `/${bucket.s3.bucket}/tracks/${trackId}/`;
  expect(fromBucket).toContain(`${prefix}original.stream.mp3`);
  expect(fromBucket.filter((path) => path.startsWith(`${prefix}stems/`) && path.endsWith(".mp3")).length).toBeGreaterThanOrEqual(
    2,
  );
  await page.context().close();
});
