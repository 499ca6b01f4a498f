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
const MOD_TAG =
  /^(M\.K\.|M!K!|M&K!|N\.T\.|FLT[48]|EXO[48]|OKTA|OCTA|CD81|CD61|FA0[468]|[1-9]CHN|[1-9][0-9]CH|[1-9][0-9]CN|TDZ[1-9])$/;

export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return "wav";
  if (head.length >= 4 && ascii(head, 0, 4) === "fLaC") return "flac";
  if (head.length >= 17 && ascii(head, 0, 17) === "Extended Module: ") return "xm";
  if (head.length >= 4 && ascii(head, 0, 4) === "IMPM") return "it";
  if (head.length >= 48 && ascii(head, 44, 4) === "SCRM") return "s3m";
  if (head.length >= 1084 && MOD_TAG.test(ascii(head, 1080, 4))) return "mod";
  return null;
}

/**
 * Whether a WAV's chunk sizes fit the bytes actually present. ffmpeg happily plays a file whose
 * header claims 4 GiB, so a header that lies about the size is caught here instead. Only the
 * 8-byte chunk headers are read, never the audio.
 */
export async function wavSizesAreHonest(file: Blob): Promise<boolean> {
  const size = file.size;
  const header = async (at: number) => {
    const bytes = await file.slice(at, at + 8).bytes();
    return { id: ascii(bytes, 0, 4), size: new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true) };
  };
  if (size < 12) return false;
  // RIFF size counts everything after its own 8 bytes; writers pad odd chunks, so allow one byte.
  if ((await header(0)).size + 8 > size + 1) return false;
  let offset = 12;
  while (offset + 8 <= size) {
    const chunk = await header(offset);
    const end = offset + 8 + chunk.size;
    if (end > size + 1) return false;
    if (chunk.id === "data") return chunk.size > 0;
    offset = end + (chunk.size % 2);
  }
  return false;
}
