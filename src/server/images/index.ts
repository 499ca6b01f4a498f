import { join } from "node:path";
import { badRequest } from "../errors";
import { createSlots } from "../infra/slots";
import { log } from "../logger";
import { ROOT } from "../paths";
import { IMAGE_CHILD_EXIT } from "./exit-codes";

/**
 * The one adapter to sharp: uploaded images (cover art, avatars) are JPEG, PNG or WebP only (decided by the bytes),
 * decoded under a low pixel limit and stored as square WebP renditions. The decoding runs in image-child.ts, a
 * short-lived process: libvips never enters the server, whose idle memory would otherwise keep it (and its caches)
 * for good.
 */

const CHILD = join(ROOT, "src/server/images/image-child.ts");
/** An image takes well under a second; a child past this is stuck and is killed. */
const CHILD_TIMEOUT_MS = 60_000;

/** Each child holds libvips (60–80 MB) while it runs: a burst of image uploads waits for one of two slots. */
const withChildSlot = createSlots(2);

/** Runs the child to its end; its exit code, or null when it died of a signal (crash, timeout, abort). */
function runChild(args: string[], signal?: AbortSignal): Promise<number | null> {
  return withChildSlot(() => spawnChild(args, signal));
}

async function spawnChild(args: string[], signal?: AbortSignal): Promise<number | null> {
  const child = Bun.spawn([process.execPath, CHILD, ...args], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
    timeout: CHILD_TIMEOUT_MS,
    killSignal: "SIGKILL",
    signal,
  });
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  if (child.signalCode || !(Object.values(IMAGE_CHILD_EXIT) as number[]).includes(code)) {
    log.warn("image process failed", { mode: args[0], code, signal: child.signalCode, stderr: stderr.slice(-500) });
  }
  return child.signalCode ? null : code;
}

function isAcceptedImage(head: Uint8Array): boolean {
  const text = (start: number, length: number) => String.fromCharCode(...head.subarray(start, start + length));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = text(0, 8) === "\x89PNG\r\n\x1a\n";
  const webp = text(0, 4) === "RIFF" && text(8, 4) === "WEBP";
  return jpeg || png || webp;
}

/**
 * Checks an uploaded image (a staged file) decodes whole; throws a 400 the uploader can act on, naming the image
 * as `what` ("Cover art", "Avatar").
 */
export async function checkImage(path: string, what: string): Promise<void> {
  const head = await Bun.file(path).slice(0, 12).bytes();
  if (!isAcceptedImage(head)) throw badRequest(`${what} must be a JPEG, PNG or WebP image`);
  const verdict = await runChild(["validate", path]);
  if (verdict === IMAGE_CHILD_EXIT.valid) return;
  // A decoder that crashes or hangs on these bytes cannot read them either.
  throw badRequest(
    verdict === IMAGE_CHILD_EXIT.tooLarge ? `${what} image dimensions are too large` : `${what} image could not be read`,
  );
}

/**
 * Square WebP renditions of the image at `path`, one per entry of `sides` (a name and its side in pixels), written
 * into `folder` (a scratch folder); answers each name's file. Rejects when the child fails: its partial files are
 * left in `folder`, which the caller removes, and none of them is answered.
 */
export async function renderSquares<Name extends string>(
  path: string,
  folder: string,
  sides: Record<Name, number>,
  signal?: AbortSignal,
): Promise<Record<Name, string>> {
  const entries = Object.entries(sides) as Array<[Name, number]>;
  const code = await runChild(["render", path, folder, ...entries.map(([name, side]) => `${name}=${side}`)], signal);
  if (code !== 0) throw new Error(`image rendering failed (${code === null ? "killed" : `exit ${code}`})`);
  return Object.fromEntries(entries.map(([name]) => [name, join(folder, `${name}.webp`)])) as Record<Name, string>;
}

/** Draws an SVG the server wrote (never an upload) at `svgPath` as a PNG at `outputPath`; rejects when the child fails. */
export async function renderPng(svgPath: string, outputPath: string, signal?: AbortSignal): Promise<void> {
  const code = await runChild(["png", svgPath, outputPath], signal);
  if (code !== 0) throw new Error(`image rendering failed (${code === null ? "killed" : `exit ${code}`})`);
}
