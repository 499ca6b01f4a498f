/**
 * Decides what a file is from its bytes, never its name: RIFF/WAVE, fLaC, and the tracker formats'
 * own signatures. The result picks ffmpeg's forced input format, so a PNG named .xm never reaches
 * libopenmpt and an MP3 named .wav never reaches the WAV demuxer.
 */
export type AudioFormat = "wav" | "flac" | "xm" | "it" | "s3m" | "mod";

/** ffmpeg's demuxer for each format (tracker modules all go through libopenmpt). */
export const DEMUXER: Record<AudioFormat, string> = {
  wav: "wav",
  flac: "flac",
  xm: "libopenmpt",
  it: "libopenmpt",
  s3m: "libopenmpt",
  mod: "libopenmpt",
};

export const MODULE_FORMATS: readonly AudioFormat[] = ["xm", "it", "s3m", "mod"];

/** How many leading bytes sniffing needs (the MOD signature sits at offset 1080). */
export const SNIFF_BYTES = 1084;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** ProTracker and its relatives write a 4-character tag at 1080: M.K., FLT4, 6CHN, 16CH, … */
export const MOD_TAG =
  /^(M\.K\.|M!K!|M&K!|N\.T\.|FLT[48]|EXO[48]|OKTA|OCTA|CD81|CD61|FA0[468]|[1-9]CHN|[1-9][0-9]CH|[1-9][0-9]CN|TDZ[1-9])$/;

/** RIFF, and its 64-bit forms RF64 and BW64 (EBU Tech 3306/3285), which ffmpeg's wav demuxer reads too. */
const WAV_CONTAINERS = ["RIFF", "RF64", "BW64"];

export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if (head.length >= 12 && WAV_CONTAINERS.includes(ascii(head, 0, 4)) && ascii(head, 8, 4) === "WAVE") return "wav";
  if (head.length >= 4 && ascii(head, 0, 4) === "fLaC") return "flac";
  if (head.length >= 17 && ascii(head, 0, 17) === "Extended Module: ") return "xm";
  if (head.length >= 4 && ascii(head, 0, 4) === "IMPM") return "it";
  if (head.length >= 48 && ascii(head, 44, 4) === "SCRM") return "s3m";
  if (head.length >= 1084 && MOD_TAG.test(ascii(head, 1080, 4))) return "mod";
  if (isSoundtrackerMod(head)) return "mod";
  return null;
}

/**
 * Ultimate Soundtracker's 15-sample MODs (1987–88) carry no tag, so they are recognised by their
 * layout, much as libopenmpt does: printable title and sample names, finetunes ≤ 15, volumes ≤ 64,
 * a song of 1–128 positions and an order table naming only the 64 possible patterns.
 */
function isSoundtrackerMod(head: Uint8Array): boolean {
  if (head.length < 600) return false;
  const printable = (start: number, length: number) =>
    head.subarray(start, start + length).every((byte) => byte === 0 || (byte >= 32 && byte < 127));
  if (!printable(0, 20)) return false;
  for (let sample = 0; sample < 15; sample++) {
    const at = 20 + sample * 30;
    if (!printable(at, 22) || (head[at + 24] as number) > 15 || (head[at + 25] as number) > 64) return false;
  }
  const songLength = head[470] as number;
  return songLength >= 1 && songLength <= 128 && head.subarray(472, 600).every((pattern) => pattern < 64);
}

/**
 * Bytes taken by an ID3v2 tag at the start of a file (0 when there is none). Some taggers put one
 * in front of a FLAC's "fLaC"; ffmpeg skips it, so sniffing looks past it too. The size is
 * "syncsafe" (7 bits per byte) and excludes the 10-byte header and the optional 10-byte footer.
 */
export function id3v2Length(head: Uint8Array): number {
  if (head.length < 10 || ascii(head, 0, 3) !== "ID3") return 0;
  const size = head.subarray(6, 10).reduce((sum, byte) => sum * 128 + (byte & 0x7f), 0);
  const footer = ((head[5] as number) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** A file's first SNIFF_BYTES, read past a leading ID3v2 tag (`tagLength` bytes, 0 when none). */
export async function readHead(file: Blob): Promise<{ head: Uint8Array; tagLength: number }> {
  const tagLength = id3v2Length(await file.slice(0, 10).bytes());
  return { head: await file.slice(tagLength, tagLength + SNIFF_BYTES).bytes(), tagLength };
}

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

/** What a WAV's chunk headers say: whether their sizes fit the file, and the `fmt ` chunk's layout. */
export interface WavHeader {
  sizesFit: boolean;
  layout: PcmLayout | null;
  /** The data size was left unstated (written to a pipe): the data runs to the end of the file. */
  runsToEnd?: boolean;
  /** Whether browsers play it as it is: integer PCM of 8–32 bits or 32-bit float (not ADPCM, A-law, 64-bit float, MP3 in WAV). */
  playsInBrowsers?: boolean;
  depth?: SampleDepth;
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
  const lie = { sizesFit: false, layout: null };
  if (size < 12) return lie;
  const riff = await chunkAt(0);
  // RIFF size counts everything after its own 8 bytes; writers pad odd chunks, so allow one byte.
  if (!UNSTATED_SIZES.includes(riff.size) && riff.size + 8 > size + 1) return lie;
  let layout: PcmLayout | null = null;
  let playsInBrowsers = false;
  let depth: SampleDepth | undefined;
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
export function readFlacDepth(head: Uint8Array): SampleDepth | null {
  if (head.length < 22 || ((head[4] as number) & 0x7f) !== 0) return null;
  return { bits: ((((head[20] as number) & 0x01) << 4) | ((head[21] as number) >> 4)) + 1, float: false };
}

export function readFlacLayout(head: Uint8Array): PcmLayout | null {
  if (head.length < 22 || ((head[4] as number) & 0x7f) !== 0) return null;
  const [b18, b19, b20] = [head[18] as number, head[19] as number, head[20] as number];
  return { sampleRate: (b18 << 12) | (b19 << 4) | (b20 >> 4), channels: ((b20 >> 1) & 0x07) + 1 };
}
