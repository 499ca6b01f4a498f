import { join } from "node:path";
import { badRequest } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { createSlots } from "../../src/server/slots";
import type { CoverSize } from "../tracks/service";

/**
 * Cover art: JPEG, PNG or WebP only (decided by the bytes), decoded under a low pixel limit, stored
 * as WebP in three widths: track cards, the track page, and the page at 2×. The decoding runs in
 * cover-art-child.ts, a short-lived process: libvips never enters the server, whose idle memory
 * would otherwise keep it (and its caches) for good.
 */
export const COVER_SIZES = { card: 320, page: 640, page2x: 1280 } as const satisfies Record<CoverSize, number>;

/** Far above any real cover (a 6000 × 6000 PNG is about 40 MB). */
export const MAX_COVER_BYTES = 50 * 1024 * 1024;

/** How the child's `validate` answers; any other exit is a crash. */
export const COVER_CHILD_EXIT = { valid: 0, tooLarge: 3, unreadable: 4 } as const;

const CHILD = join(import.meta.dir, "cover-art-child.ts");
/** A cover takes well under a second; a child past this is stuck and is killed. */
const CHILD_TIMEOUT_MS = 60_000;

/** Each child holds libvips (60–80 MB) while it runs: a burst of cover uploads waits for one of two slots. */
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
  if (child.signalCode || !(Object.values(COVER_CHILD_EXIT) as number[]).includes(code)) {
    log.warn("cover art process failed", { mode: args[0], code, signal: child.signalCode, stderr: stderr.slice(-500) });
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

/** Checks an uploaded cover (a staged file) decodes whole; throws a 400 the uploader can act on. */
export async function validateCoverArt(path: string): Promise<void> {
  const head = await Bun.file(path).slice(0, 12).bytes();
  if (!isAcceptedImage(head)) throw badRequest("Cover art must be a JPEG, PNG or WebP image");
  const verdict = await runChild(["validate", path]);
  if (verdict === COVER_CHILD_EXIT.valid) return;
  // A decoder that crashes or hangs on these bytes cannot read them either.
  throw badRequest(
    verdict === COVER_CHILD_EXIT.tooLarge ? "Cover art image dimensions are too large" : "Cover art image could not be read",
  );
}

/**
 * Square WebP renditions of the image at `path`, written into `folder` (the job's scratch folder);
 * answers each size's file. Rejects when the child fails: its partial files are left in `folder`,
 * which the caller removes, and none of them is answered.
 */
export async function renderCoverSizes(path: string, folder: string, signal?: AbortSignal): Promise<Record<CoverSize, string>> {
  const code = await runChild(["render", path, folder], signal);
  if (code !== 0) throw new Error(`cover art rendering failed (${code === null ? "killed" : `exit ${code}`})`);
  const sizes = Object.keys(COVER_SIZES) as CoverSize[];
  return Object.fromEntries(sizes.map((size) => [size, join(folder, `${size}.webp`)])) as Record<CoverSize, string>;
}
