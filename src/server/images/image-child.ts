/**
 * The image work that needs libvips (sharp), run by square-images.ts as a short-lived child process so the server
 * never loads libvips: it keeps ~9 MB of native memory resident after the first image.
 *
 *   bun image-child.ts validate <image>                         exit: IMAGE_CHILD_EXIT verdict
 *   bun image-child.ts render <image> <folder> <name>=<side>…   writes <folder>/<name>.webp for each, exit 0
 *   bun image-child.ts png <svg> <output>                        draws the server's own SVG as <output> (PNG), exit 0
 *
 * Any other exit (an exception, a signal, a decoder crash) is a failure the parent reports.
 */
import sharp from "sharp";
import { IMAGE_CHILD_EXIT } from "./exit-codes";

/** 6000 × 6000: far above any real cover or avatar, far below a decompression bomb. */
const PIXEL_LIMIT = 36_000_000;

const open = (path: string) => sharp(path, { limitInputPixels: PIXEL_LIMIT, failOn: "warning" });

async function validate(path: string): Promise<number> {
  try {
    // A tiny raw render forces a full decode, so truncated files fail here rather than in the job.
    await open(path).resize(8, 8).raw().toBuffer();
    return IMAGE_CHILD_EXIT.valid;
  } catch (error) {
    return String(error).includes("pixel limit") ? IMAGE_CHILD_EXIT.tooLarge : IMAGE_CHILD_EXIT.unreadable;
  }
}

/**
 * Square WebP renditions: EXIF rotation applied first, then a centre crop to min(target side, the source's shorter
 * side). Sizing the square ourselves keeps small or narrow sources square: sharp's `withoutEnlargement` would instead
 * skip the crop and keep their proportions.
 */
async function render(path: string, folder: string, targets: Array<[string, number]>): Promise<number> {
  // Opened like the renders (first frame only), so an animated WebP's size is its one rendered frame.
  const { width, height } = await open(path).metadata();
  // The shorter side once upright (a rotation swaps the sides but keeps the shorter one).
  const shorter = Math.min(width, height);
  await Promise.all(
    targets.map(async ([name, target]) => {
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

/** `name=side` arguments: names are the parent's own constants, sides whole pixels. */
function targetsOf(args: string[]): Array<[string, number]> {
  return args.map((arg) => {
    const [name = "", side = ""] = arg.split("=");
    if (!/^[a-z0-9]+$/i.test(name) || !/^\d+$/.test(side)) throw new Error(`bad render target: ${arg}`);
    return [name, Number(side)];
  });
}

/** An SVG the server drew (a link-preview image) as a PNG, the format every link preview reads. */
async function png(svg: string, output: string): Promise<number> {
  await open(svg).png({ compressionLevel: 9 }).toFile(output);
  return 0;
}

const [mode, image, folder, ...targets] = process.argv.slice(2);
if (mode === "validate" && image) process.exit(await validate(image));
else if (mode === "render" && image && folder && targets.length) process.exit(await render(image, folder, targetsOf(targets)));
else if (mode === "png" && image && folder) process.exit(await png(image, folder));
else throw new Error("usage: image-child.ts validate <image> | render <image> <folder> <name>=<side>… | png <svg> <output>");
