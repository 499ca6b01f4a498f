import { balanceGains, type StemMixSettings } from "../../shared/stem-mix";
import { runFfmpeg } from "../infra/ffmpeg";
import { MP3_BITRATE } from "./render";
import { DEMUXER, type UploadFormat } from "./sniff";

const RENDER_TIMEOUT_MS = 15 * 60_000;
/** 24-bit FLAC: lossless for 16- and 24-bit sources, and room for a sum louder than any one stem. */
const FLAC_24 = ["-c:a", "flac", "-sample_fmt", "s32", "-bits_per_raw_sample", "24", "-f", "flac"];

/**
 * What a rendered mix is written as: 24-bit FLAC for a fork's full track, and a downloaded mix's WAV (24-bit, as
 * lossless) or MP3 (at the streaming bitrate, as every MP3 Stemma makes). The render before the encoder is one.
 */
const MIX_ENCODINGS = {
  flac: FLAC_24,
  wav: ["-c:a", "pcm_s24le", "-f", "wav"],
  mp3: ["-c:a", "libmp3lame", "-b:a", MP3_BITRATE, "-f", "mp3"],
} as const;
export type MixEncoding = keyof typeof MIX_ENCODINGS;

export interface MixSource {
  path: string;
  format: UploadFormat;
}

const input = ({ path, format }: MixSource) => ["-f", DEMUXER[format], "-i", `file:${path}`];

/**
 * Pads with silence or trims one file to exactly `frames` samples per channel (a stem a few
 * milliseconds off its track, an MP3's leftover padding), written as 24-bit FLAC.
 */
export async function fitToFrames(source: MixSource, frames: number, outPath: string, signal?: AbortSignal): Promise<void> {
  await runFfmpeg(
    [
      ...input(source),
      "-map",
      "0:a:0",
      "-af",
      `apad=whole_len=${frames},atrim=end_sample=${frames}`,
      ...FLAC_24,
      `file:${outPath}`,
    ],
    { timeoutMs: RENDER_TIMEOUT_MS, signal },
  );
}

/** Plain decimals: the settings are checked numbers, but a tiny one would print as `1e-7`, which no filter reads. */
const decimal = (value: number) => value.toFixed(6);

/**
 * One stem as its mix settings say, in the synced player's order (mix-graph.ts): the fader (dB), then the stem made
 * stereo as Web Audio makes it, then the balance (`balanceGains`, the one law of both). Web Audio's up-mix copies a
 * mono stem to both sides at full level, where ffmpeg's own would put it 3 dB lower on each (swresample's centre
 * level), so the mono channel (FC) is copied here by hand; a stereo stem stays as it is, and one of more channels
 * comes down to stereo as its MP3, which is what the mixer plays, did. A muted stem stays in as silence, so the
 * first stem still sets the length.
 */
function stemChain({ gainDb, pan, muted }: StemMixSettings): string {
  const steps: string[] = [];
  if (muted) steps.push("volume=0");
  else if (gainDb !== 0) steps.push(`volume=${decimal(gainDb)}dB`);
  const { left, right } = balanceGains(muted ? 0 : pan);
  // Named channels: the ones a stem does not have (FC of a stereo one, FL and FR of a mono one) count as silence.
  steps.push(
    "aformat=channel_layouts=mono|stereo",
    `pan=stereo|FL=${decimal(left)}*FL+${decimal(left)}*FC|FR=${decimal(right)}*FR+${decimal(right)}*FC`,
  );
  return steps.join(",");
}

/**
 * The sum of the stems, each as its mix settings say (unity gain, centred, when it has none), as the synced
 * player plays them all at once: amix with `normalize=0` (by default amix divides by the number of inputs, which
 * would make the mix quieter than the stems played together). As long as the first stem, which has the track's
 * length.
 */
export async function mixStems(
  sources: (MixSource & { mix: StemMixSettings })[],
  outPath: string,
  signal?: AbortSignal,
  encoding: MixEncoding = "flac",
): Promise<void> {
  const chains = sources.map((source, index) => `[${index}:a:0]${stemChain(source.mix)}[s${index}]`);
  const labels = sources.map((_, index) => `[s${index}]`).join("");
  const sum = sources.length === 1 ? "[s0]anull[mix]" : `${labels}amix=inputs=${sources.length}:normalize=0:duration=first[mix]`;
  const filter = [...chains, sum].join(";");
  await runFfmpeg(
    [...sources.flatMap(input), "-filter_complex", filter, "-map", "[mix]", ...MIX_ENCODINGS[encoding], `file:${outPath}`],
    {
      timeoutMs: RENDER_TIMEOUT_MS,
      signal,
    },
  );
}
