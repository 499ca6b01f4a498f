import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TrackDetails } from "../../modules/tracks/model";
import { generateAudio } from "./generated-audio";
import { TONE_RATE, TONE_SECONDS } from "./mix-levels";
import type { TestServer } from "./server";
import { createTrack, waitForProcessing } from "./uploads";

/**
 * Steady tones as a track's stems, for measuring a mix's level channel by channel: "Tone" a mono 220 Hz sine,
 * "Wide" a stereo stem with different tones and levels on each side (330 Hz at 1/8, 550 Hz at 1/16), "Hum" a mono
 * 110 Hz sine. Made once per process by the system ffmpeg at 48 kHz, with the full track (their sum) beside them.
 */
export const TONE_STEMS = ["Tone", "Wide", "Hum"] as const;
export type ToneStem = (typeof TONE_STEMS)[number];

const sine = (hz: number) => `sine=frequency=${hz}:sample_rate=${TONE_RATE}:duration=${TONE_SECONDS}`;
const SOURCES: Record<ToneStem | "full", string> = {
  Tone: sine(220),
  Wide: `${sine(330)}[l];${sine(550)},volume=0.5[r];[l][r]join=inputs=2:channel_layout=stereo`,
  Hum: sine(110),
  full: `${sine(220)}[t];${sine(330)}[l];${sine(550)},volume=0.5[r];${sine(110)}[h];[l][r]join=inputs=2:channel_layout=stereo[w];[t][w][h]amix=inputs=3:normalize=0`,
};

let folder: string | null = null;

/** The WAV files, made on first use: each stem's path, and the full track's. */
export function toneFiles(): Record<ToneStem | "full", string> {
  const dir = join(tmpdir(), `stemma-tone-stems-${process.pid}`);
  const paths = Object.fromEntries(Object.keys(SOURCES).map((name) => [name, join(dir, `${name}.wav`)])) as Record<
    ToneStem | "full",
    string
  >;
  if (folder === dir) return paths;
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(SOURCES))
    writeFileSync(paths[name as ToneStem], generateAudio(source, ["-c:a", "pcm_s16le", "-f", "wav"]));
  folder = dir;
  return paths;
}

/** Uploads the tone stems as a public track titled `title` and waits until it is processed. */
export async function uploadToneTrack(server: TestServer, token: string, title = "Undertow"): Promise<TrackDetails> {
  const files = toneFiles();
  const id = await createTrack(server, token, {
    original: files.full,
    data: { title, isPublic: true },
    stems: TONE_STEMS.map((name) => ({ path: files[name], name, type: "other" })),
  });
  return waitForProcessing(server, token, id);
}
