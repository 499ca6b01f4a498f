/**
 * Cover renditions through the real upload and GET /api/track/{id}/cover: every size is a square WebP
 * at min(target width, the source's shorter side), centre-cropped after EXIF rotation, never enlarged
 * or distorted. The sources are generated here so each shape is exactly what the case needs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";
import type { CoverSize } from "../tracks/service";
import { COVER_SIZES } from "./cover-art";

type Rgb = [number, number, number];
const RED: Rgb = [220, 20, 20];
const BLUE: Rgb = [20, 20, 220];
const WHITE: Rgb = [255, 255, 255];
const solid = (width: number, height: number, [r, g, b]: Rgb) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
const block = async (width: number, height: number, colour: Rgb, left: number, top: number) => ({
  input: await solid(width, height, colour).png().toBuffer(),
  left,
  top,
});

/** Each source: how it is made, and the side every rendition must have (per size). */
const SOURCES = {
  /** Non-square and small: 300 × 300 at every size. */
  landscape400x300: () => solid(400, 300, WHITE).jpeg().toBuffer(),
  /** Stored 400 × 200 with its left half red; EXIF 6 shows it 200 × 400, red on top. */
  rotated400x200: async () =>
    solid(400, 200, BLUE)
      .composite([await block(200, 200, RED, 0, 0)])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  /** Wide and large: a centred 450 × 450 blue square on white, cropped to 900 × 900, then scaled. */
  wide1600x900: async () =>
    solid(1600, 900, WHITE)
      .composite([await block(450, 450, BLUE, 575, 225)])
      .jpeg()
      .toBuffer(),
  /** Tall, with red bands top and bottom that a centre crop removes. */
  tall300x500: async () =>
    solid(300, 500, WHITE)
      .composite([await block(300, 90, RED, 0, 0), await block(300, 90, RED, 0, 410)])
      .png()
      .toBuffer(),
  /** Square and tiny: 64 × 64, never enlarged. */
  tiny64: () => solid(64, 64, BLUE).webp().toBuffer(),
  /** Three 100 × 60 frames: the first frame is the cover, so 60 × 60 (not the frames' stacked height). */
  animated100x60: async () => {
    const frames = await Promise.all([RED, BLUE, WHITE].map((colour) => solid(100, 60, colour).png().toBuffer()));
    return sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
  },
} as const;
type SourceName = keyof typeof SOURCES;

const EXPECTED_SIDE: Record<SourceName, Record<CoverSize, number>> = {
  landscape400x300: { thumb: 192, card: 300, page: 300, page2x: 300 },
  rotated400x200: { thumb: 192, card: 200, page: 200, page2x: 200 },
  wide1600x900: { thumb: 192, card: 320, page: 640, page2x: 900 },
  tall300x500: { thumb: 192, card: 300, page: 300, page2x: 300 },
  tiny64: { thumb: 64, card: 64, page: 64, page2x: 64 },
  animated100x60: { thumb: 60, card: 60, page: 60, page2x: 60 },
};
const EXTENSION: Record<SourceName, string> = {
  landscape400x300: "jpg",
  rotated400x200: "jpg",
  wide1600x900: "jpg",
  tall300x500: "png",
  tiny64: "webp",
  animated100x60: "webp",
};

const live = setUpServer();
const folder = mkdtempSync(join(tmpdir(), "stemma-covers-"));
let owner: Session;
const trackIds = {} as Record<SourceName, string>;

beforeAll(async () => {
  owner = await signUp(live.server);
  await Promise.all(
    (Object.keys(SOURCES) as SourceName[]).map(async (name) => {
      const path = join(folder, `${name}.${EXTENSION[name]}`);
      await Bun.write(path, await SOURCES[name]());
      trackIds[name] = await createTrack(live.server, owner.token, { original: "bad/CON.wav", coverArt: path });
      await waitForProcessing(live.server, owner.token, trackIds[name]);
    }),
  );
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A served rendition, decoded to raw RGB so pixels can be read. */
async function rendition(name: SourceName, size: CoverSize) {
  const response = await fetch(`${live.server.url}/api/track/${trackIds[name]}/cover?size=${size}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect((await sharp(bytes).metadata()).format).toBe("webp");
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number): Rgb => {
    const at = (Math.round(y) * info.width + Math.round(x)) * 3;
    return [data[at] as number, data[at + 1] as number, data[at + 2] as number];
  };
  return { width: info.width, height: info.height, pixel };
}

/** Lossy WebP shifts colours a little: compare with a tolerance. */
function expectColour(actual: Rgb, wanted: Rgb) {
  for (const [index, channel] of actual.entries()) expect(Math.abs(channel - wanted[index as 0 | 1 | 2])).toBeLessThan(40);
}

const cases = (Object.keys(SOURCES) as SourceName[]).flatMap((name) =>
  (Object.keys(COVER_SIZES) as CoverSize[]).map((size) => [name, size, EXPECTED_SIDE[name][size]] as const),
);

describe("cover renditions", () => {
  test.each(cases)("%s at %s is a %d px square", async (name, size, side) => {
    const { width, height } = await rendition(name, size);
    expect([width, height]).toEqual([side, side]);
  });

  test.each(Object.keys(COVER_SIZES) as CoverSize[])("EXIF rotation comes before the crop (%s)", async (size) => {
    // Upright the red half is on top: both top corners red, both bottom corners blue.
    const { width, pixel } = await rendition("rotated400x200", size);
    expectColour(pixel(width * 0.1, width * 0.1), RED);
    expectColour(pixel(width * 0.9, width * 0.1), RED);
    expectColour(pixel(width * 0.1, width * 0.9), BLUE);
    expectColour(pixel(width * 0.9, width * 0.9), BLUE);
  });

  test.each(Object.keys(COVER_SIZES) as CoverSize[])("a wide source is cropped, not squeezed (%s)", async (size) => {
    // The centred square fills the middle half both ways; squeezed, it would be a narrow upright bar.
    const { width, pixel } = await rendition("wide1600x900", size);
    expectColour(pixel(width * 0.3, width / 2), BLUE);
    expectColour(pixel(width * 0.7, width / 2), BLUE);
    expectColour(pixel(width / 2, width * 0.3), BLUE);
    expectColour(pixel(width * 0.2, width / 2), WHITE);
  });

  test("a tall source is cropped at its centre: the red bands at its ends are gone", async () => {
    const { width, pixel } = await rendition("tall300x500", "page");
    expectColour(pixel(width / 2, 2), WHITE);
    expectColour(pixel(width / 2, width - 3), WHITE);
  });
});
