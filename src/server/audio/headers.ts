/**
 * What a WAV or FLAC header states about its audio: layout, sample depth and, for WAV, whether the
 * chunk sizes are honest. Read from the bytes alone, so no ffprobe process is needed for them.
 */
import { ascii } from "./sniff";

/** Bits per sample as a header states them, and whether they are floating point. */
export interface SampleDepth {
  bits: number;
  float: boolean;
}

/** The decoded stream's shape, as the file's own header states it. */
export interface PcmLayout {
  sampleRate: number;
  channels: number;
}

/** What a WAV's chunk headers say: whether their sizes fit the file, and what its `fmt ` chunk states. */
export interface WavHeader {
  sizesFit: boolean;
  layout: PcmLayout | null;
  /** The data size was left unstated (written to a pipe): the data runs to the end of the file. */
  runsToEnd: boolean;
  /** Whether browsers play it as it is: integer PCM of 8–32 bits or 32-bit float (not ADPCM, A-law, 64-bit float, MP3 in WAV). */
  playsInBrowsers: boolean;
  depth: SampleDepth | null;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** The `fmt ` codec: WAVE_FORMAT_EXTENSIBLE keeps the real one in the first two bytes of its SubFormat GUID. */
function wavCodec(fmt: DataView): { format: number; bits: number } {
  const tag = fmt.getUint16(0, true);
  const format = tag === WAVE_FORMAT_EXTENSIBLE && fmt.byteLength >= 26 ? fmt.getUint16(24, true) : tag;
  return { format, bits: fmt.getUint16(14, true) };
}

function browsersPlay({ format, bits }: { format: number; bits: number }): boolean {
  return (format === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(bits)) || (format === WAVE_FORMAT_IEEE_FLOAT && bits === 32);
}

/** A 32-bit size that means "not stated here": in a ds64 chunk (RF64/BW64), or unknown (written to a pipe). */
const UNSTATED_SIZES = [0xffffffff, 0];

/**
 * Walks a WAV's chunk headers. ffmpeg happily plays a file whose header claims 4 GiB, so a header
 * that lies about the size is caught here instead. A size left unstated is not a lie: RF64/BW64
 * give the data size in their ds64 chunk, and a WAV written to a pipe (ffmpeg, arecord, live
 * recorders) cannot go back to fill it in, so its data runs to the end of the file, as ffmpeg reads
 * it. Only chunk headers and the fmt fields are read, never the audio.
 */
export async function readWavHeader(file: Blob): Promise<WavHeader> {
  const size = file.size;
  const bytesAt = (at: number, length: number) => file.slice(at, at + length).bytes();
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkAt = async (at: number) => {
    const bytes = await bytesAt(at, 8);
    return { id: ascii(bytes, 0, 4), size: view(bytes).getUint32(4, true) };
  };
  const lie: WavHeader = { sizesFit: false, layout: null, runsToEnd: false, playsInBrowsers: false, depth: null };
  if (size < 12) return lie;
  const riff = await chunkAt(0);
  // RIFF size counts everything after its own 8 bytes; writers pad odd chunks, so allow one byte.
  if (!UNSTATED_SIZES.includes(riff.size) && riff.size + 8 > size + 1) return lie;
  let layout: PcmLayout | null = null;
  let playsInBrowsers = false;
  let depth: SampleDepth | null = null;
  let ds64DataSize: number | null = null;
  let offset = 12;
  while (offset + 8 <= size) {
    const chunk = await chunkAt(offset);
    if (chunk.id === "data") {
      const runsToEnd = UNSTATED_SIZES.includes(chunk.size) && ds64DataSize === null;
      const stated = runsToEnd ? size - offset - 8 : UNSTATED_SIZES.includes(chunk.size) ? ds64DataSize : chunk.size;
      return offset + 8 + (stated as number) > size + 1 ? lie : { sizesFit: true, layout, runsToEnd, playsInBrowsers, depth };
    }
    const end = offset + 8 + chunk.size;
    if (end > size + 1) return lie;
    if (chunk.id === "fmt " && chunk.size >= 16) {
      const fmt = view(await bytesAt(offset + 8, Math.min(chunk.size, 40)));
      layout = { channels: fmt.getUint16(2, true), sampleRate: fmt.getUint32(4, true) };
      const codec = wavCodec(fmt);
      playsInBrowsers = browsersPlay(codec);
      depth = { bits: codec.bits, float: codec.format === WAVE_FORMAT_IEEE_FLOAT };
    }
    // ds64: 64-bit RIFF size, then data size (little-endian); sizes past 2^53 are lies anyway.
    if (chunk.id === "ds64" && riff.id !== "RIFF" && chunk.size >= 16) {
      ds64DataSize = Number(view(await bytesAt(offset + 8, 16)).getBigUint64(8, true));
    }
    offset = end + (chunk.size % 2);
  }
  return lie;
}

/**
 * A FLAC's layout and depth from STREAMINFO, which the format requires as the first metadata block:
 * after "fLaC" and the 4-byte block header, 10 bytes of block and frame sizes, then 20 bits of
 * sample rate, 3 bits of channels - 1 and 5 bits of bits per sample - 1.
 */
export function readFlacHeader(head: Uint8Array): { layout: PcmLayout; depth: SampleDepth } | null {
  if (head.length < 22 || ((head[4] as number) & 0x7f) !== 0) return null;
  const [b18, b19, b20, b21] = [head[18] as number, head[19] as number, head[20] as number, head[21] as number];
  return {
    layout: { sampleRate: (b18 << 12) | (b19 << 4) | (b20 >> 4), channels: ((b20 >> 1) & 0x07) + 1 },
    depth: { bits: (((b20 & 0x01) << 4) | (b21 >> 4)) + 1, float: false },
  };
}
