import sharp from "sharp";
import { badRequest } from "../../src/server/errors";
import type { CoverSize } from "../tracks/service";

/**
 * Cover art: JPEG, PNG or WebP only (decided by the bytes), decoded by sharp under a low pixel
 * limit, stored as WebP in three widths: track cards, the track page, and the page at 2×.
 */
export const COVER_SIZES = { card: 320, page: 640, page2x: 1280 } as const satisfies Record<CoverSize, number>;

/** Far above any real cover (a 6000 × 6000 PNG is about 40 MB); the bytes are read into memory. */
export const MAX_COVER_BYTES = 50 * 1024 * 1024;

/** 6000 × 6000: far above any real cover, far below a decompression bomb. */
const PIXEL_LIMIT = 36_000_000;

function isAcceptedImage(head: Uint8Array): boolean {
  const text = (start: number, length: number) => String.fromCharCode(...head.subarray(start, start + length));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = text(0, 8) === "\x89PNG\r\n\x1a\n";
  const webp = text(0, 4) === "RIFF" && text(8, 4) === "WEBP";
  return jpeg || png || webp;
}

const open = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: "warning" });

/** Checks an uploaded cover decodes whole; throws a 400 the uploader can act on. */
export async function validateCoverArt(bytes: Uint8Array): Promise<void> {
  if (!isAcceptedImage(bytes.subarray(0, 12))) throw badRequest("Cover art must be a JPEG, PNG or WebP image");
  try {
    // A tiny raw render forces a full decode, so truncated files fail here rather than in the job.
    await open(bytes).resize(8, 8).raw().toBuffer();
  } catch (error) {
    const tooLarge = String(error).includes("pixel limit");
    throw badRequest(tooLarge ? "Cover art image dimensions are too large" : "Cover art image could not be read");
  }
}

/** The source's shorter side once upright (a rotation swaps the sides but keeps the shorter one). */
async function shorterSide(bytes: Uint8Array): Promise<number> {
  // Opened like the renders (first frame only), so an animated WebP's size is its one rendered frame.
  const { width, height } = await open(bytes).metadata();
  return Math.min(width, height);
}

/**
 * Square WebP renditions: EXIF rotation applied first, then a centre crop to min(target width, the
 * source's shorter side). Sizing the square ourselves keeps small or narrow sources square: sharp's
 * `withoutEnlargement` would instead skip the crop and keep their proportions.
 */
export async function renderCoverSizes(bytes: Uint8Array): Promise<Record<CoverSize, Uint8Array>> {
  const shorter = await shorterSide(bytes);
  const entries = await Promise.all(
    (Object.entries(COVER_SIZES) as [CoverSize, number][]).map(async ([name, width]) => {
      const side = Math.min(width, shorter);
      const webp = await open(bytes)
        .rotate()
        .resize(side, side, { fit: "cover", position: "centre" })
        .webp({ quality: 82 })
        .toBuffer();
      return [name, new Uint8Array(webp)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<CoverSize, Uint8Array>;
}
