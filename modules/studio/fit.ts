import { join } from "node:path";
import { readFlacHeader, readWavHeader } from "../../src/server/audio/headers";
import { fitToFrames } from "../../src/server/audio/mix";
import { readHead } from "../../src/server/audio/sniff";
import { badRequest } from "../../src/server/errors";
import { fileStore } from "../../src/server/store";
import type { Track } from "../tracks/service";
import * as uploads from "../uploads/service";

/**
 * The stem-length rule. A track's stems all have its exact sample count, so they stay aligned in
 * the synced player and sum to its mix. New audio within FIT_TOLERANCE_SECONDS of that count (an
 * MP3's encoder padding, a DAW export a few milliseconds long) is padded with silence or trimmed to
 * it; anything further off, or at another sample rate, is refused with the upload's "shorter/longer"
 * message.
 */
export const FIT_TOLERANCE_SECONDS = 0.1;

export interface TrackLength {
  sampleRate: number;
  frames: number;
}

/**
 * The track's sample rate (from its original's header) and sample count (from its measured duration).
 * The header is read in place through the store (a few ranged reads on S3), not downloaded whole.
 */
export async function trackLength(track: Track): Promise<TrackLength | null> {
  const file = await fileStore().get(track.originalKey);
  if (!file) return null;
  const layout =
    track.originalFormat === "wav"
      ? (await readWavHeader(file)).layout
      : track.originalFormat === "flac"
        ? (readFlacHeader((await readHead(file)).head)?.layout ?? null)
        : null;
  if (!layout?.sampleRate || track.duration === null) return null;
  return { sampleRate: layout.sampleRate, frames: Math.round(track.duration * layout.sampleRate) };
}

/** `facts` as they are when they fit the track exactly; padded or trimmed (and checked again) when close. */
export async function fitToTrack(
  facts: uploads.Inspected,
  length: TrackLength,
  label: string,
  folder: string,
): Promise<uploads.Inspected> {
  const mismatch = uploads.stemMismatch(facts, length);
  if (!mismatch) return facts;
  const off = Math.abs(facts.frames - length.frames);
  if (facts.sampleRate !== length.sampleRate || off > FIT_TOLERANCE_SECONDS * length.sampleRate) {
    throw badRequest(`${label} must have the same length and sample rate as the track (${mismatch})`);
  }
  const path = join(folder, `${crypto.randomUUID()}.flac`);
  await fitToFrames({ path: facts.path, format: facts.format }, length.frames, path);
  return uploads.inspectStaged({ name: "fitted.flac", path, size: Bun.file(path).size }, "flac", label);
}
