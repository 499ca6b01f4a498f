/**
 * Decides what a file is from its bytes, never its name: RIFF/WAVE, fLaC, and the tracker formats'
 * own signatures. The result picks ffmpeg's forced input format, so a PNG named .xm never reaches
 * libopenmpt and an MP3 named .wav never reaches the WAV demuxer.
 */
export type UploadFormat = "wav" | "flac" | "xm" | "it" | "s3m" | "mod";

/** ffmpeg's demuxer for each format (tracker modules all go through libopenmpt). */
export const DEMUXER: Record<UploadFormat, string> = {
  wav: "wav",
  flac: "flac",
  xm: "libopenmpt",
  it: "libopenmpt",
  s3m: "libopenmpt",
  mod: "libopenmpt",
};

export const MODULE_FORMATS: readonly UploadFormat[] = ["xm", "it", "s3m", "mod"];

/** How many leading bytes sniffing needs (the MOD signature sits at offset 1080). */
export const SNIFF_BYTES = 1084;

export const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** ProTracker and its relatives write a 4-character tag at 1080: M.K., FLT4, 6CHN, 16CH, … */
export const MOD_TAG =
  /^(M\.K\.|M!K!|M&K!|N\.T\.|FLT[48]|EXO[48]|OKTA|OCTA|CD81|CD61|FA0[468]|[1-9]CHN|[1-9][0-9]CH|[1-9][0-9]CN|TDZ[1-9])$/;

/** RIFF, and its 64-bit forms RF64 and BW64 (EBU Tech 3306/3285), which ffmpeg's wav demuxer reads too. */
const WAV_CONTAINERS = ["RIFF", "RF64", "BW64"];

export function sniffAudio(head: Uint8Array): UploadFormat | null {
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
