/**
 * The cover-art work that needs libvips (sharp), run by cover-art.ts as a short-lived child process
 * so the server never loads libvips: it keeps ~9 MB of native memory resident after the first cover.
 *
 *   bun cover-art-child.ts validate <image>          exit: COVER_CHILD_EXIT verdict
 *   bun cover-art-child.ts render <image> <folder>   writes <folder>/<size>.webp for every size, exit 0
 *
 * Any other exit (an exception, a signal, a decoder crash) is a failure the parent reports.
 */
import sharp from "sharp";
import type { CoverSize } from "../tracks/service";
import { COVER_CHILD_EXIT, COVER_SIZES } from "./cover-art";

/** 6000 × 6000: far above any real cover, far below a decompression bomb. */
const PIXEL_LIMIT = 36_000_000;

const open = (path: string) => sharp(path, { limitInputPixels: PIXEL_LIMIT, failOn: "warning" });

async function validate(path: string): Promise<number> {
  try {
    // A tiny raw render forces a full decode, so truncated files fail here rather than in the job.
    await open(path).resize(8, 8).raw().toBuffer();
    return COVER_CHILD_EXIT.valid;
  } catch (error) {
    return String(error).includes("pixel limit") ? COVER_CHILD_EXIT.tooLarge : COVER_CHILD_EXIT.unreadable;
  }
}

/**
 * Square WebP renditions: EXIF rotation applied first, then a centre crop to min(target width, the
 * source's shorter side). Sizing the square ourselves keeps small or narrow sources square: sharp's
 * `withoutEnlargement` would instead skip the crop and keep their proportions.
 */
async function render(path: string, folder: string): Promise<number> {
  // Opened like the renders (first frame only), so an animated WebP's size is its one rendered frame.
  const { width, height } = await open(path).metadata();
  // The shorter side once upright (a rotation swaps the sides but keeps the shorter one).
  const shorter = Math.min(width, height);
  await Promise.all(
    (Object.entries(COVER_SIZES) as [CoverSize, number][]).map(async ([name, target]) => {
      const side = Math.min(target, shorter);
      await open(path)
        .rotate()
        .resize(side, side, { fit: "cover", position: "centre" })
        .webp({ quality: 82 })
        .toFile(`${folder}/${name}.webp`);
    }),
  );
  return 0;
}

const [mode, image, folder] = process.argv.slice(2);
if (mode === "validate" && image) process.exit(await validate(image));
else if (mode === "render" && image && folder) process.exit(await render(image, folder));
else throw new Error(`usage: cover-art-child.ts validate <image> | render <image> <folder>`);
