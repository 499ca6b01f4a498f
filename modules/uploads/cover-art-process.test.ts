/**
 * Cover art decodes in a child process (src/server/images/image-child.ts): the server never loads libvips, bad
 * covers still get their own 400, and a child that dies or fails answers an error and no renditions.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { corpusPath, createTrack, upload, waitForProcessing } from "../../tests/support/uploads";
import { COVER_SIZES, renderCoverSizes } from "./cover-art";

const live = setUpServer();
const scratch = mkdtempSync(join(tmpdir(), "stemma-cover-child-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const COVER = "album/01 - Nova Drift - Opening Signal (cover).jpg";

test("the server renders a cover without ever loading libvips (sharp) itself", async () => {
  const owner = await signUp(live.server);
  const id = await createTrack(live.server, owner.token, { original: "bad/CON.wav", coverArt: COVER });
  const track = await waitForProcessing<{ coverArt: string }>(live.server, owner.token, id);
  const cover = await fetch(`${live.server.url}${track.coverArt}?size=card`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(cover.status).toBe(200);
  expect((await sharp(new Uint8Array(await cover.arrayBuffer())).metadata()).format).toBe("webp");
  // The shared objects the server process has mapped: neither sharp's binding nor libvips.
  const maps = await Bun.file(`/proc/${live.server.proc.pid}/maps`).text();
  expect(maps).toContain("libc");
  expect(maps).not.toMatch(/vips|sharp/i);
}, 60_000);

describe("bad covers keep their own 400 through the child", () => {
  test.each([
    ["bad/pixel-flood-100000x100000.png", "Cover art image dimensions are too large"],
    ["bad/truncated-cover.jpg", "Cover art image could not be read"],
    ["bad/svg-script-as.png", "Cover art must be a JPEG, PNG or WebP image"],
  ])("%s: %s", async (coverArt, message) => {
    const session = await signUp(live.server);
    const res = await upload(live.server, session, { original: "real-audio/alsa-Noise.wav", coverArt });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe("a failed child answers an error and no renditions", () => {
  const fresh = () => mkdtempSync(join(scratch, "job-"));

  test("renders every size of a good cover into the folder", async () => {
    const folder = fresh();
    const sizes = await renderCoverSizes(corpusPath(COVER), folder);
    expect(Object.keys(sizes).sort()).toEqual(["card", "page", "page2x", "thumb"]);
    for (const path of Object.values(sizes)) expect((await sharp(path).metadata()).format).toBe("webp");
  });

  test("a child killed mid-way (here by the job's abort) rejects, with nothing written", async () => {
    const folder = fresh();
    const controller = new AbortController();
    const rendering = renderCoverSizes(corpusPath(COVER), folder, controller.signal);
    controller.abort();
    await expect(rendering).rejects.toThrow("killed");
    expect(readdirSync(folder)).toEqual([]);
  });

  test("a child that cannot decode its input exits with an error: the render rejects", async () => {
    const folder = fresh();
    await expect(renderCoverSizes(corpusPath("bad/truncated-cover.jpg"), folder)).rejects.toThrow("exit");
    // Whatever it began is left in the caller's scratch folder, which the job removes; none is answered.
  });
});

test("a burst of covers runs at most two children at once, and every one finishes", async () => {
  const folders = Array.from({ length: 6 }, () => mkdtempSync(join(scratch, "burst-")));
  const childrenNow = () =>
    Bun.spawnSync(["pgrep", "-f", "-P", String(process.pid), "image-child"])
      .stdout.toString()
      .trim()
      .split("\n")
      .filter(Boolean).length;
  let most = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      most = Math.max(most, childrenNow());
      await Bun.sleep(5);
    }
  })();
  const renders = await Promise.all(folders.map((folder) => renderCoverSizes(corpusPath(COVER), folder)));
  done = true;
  await watch;
  expect(renders.every((sizes) => Object.keys(sizes).length === Object.keys(COVER_SIZES).length)).toBe(true);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(2);
}, 60_000);
