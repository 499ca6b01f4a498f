import { MOD_TAG, type UploadFormat } from "./sniff";

/**
 * Whether a tracker module holds every byte its own headers point at. libopenmpt renders a
 * truncated module without complaint (missing samples become silence, exit code 0), so a cut-off
 * upload is caught by walking the structure: every pattern, instrument and sample must fit the file.
 */
export function moduleIsWhole(format: UploadFormat, bytes: Uint8Array): boolean {
  const reader = new Reader(bytes);
  try {
    switch (format) {
      case "mod":
        return modEnd(reader) <= bytes.length;
      case "s3m":
        return s3mFits(reader);
      case "it":
        return itFits(reader);
      case "xm":
        return xmEnd(reader) <= bytes.length;
      default:
        return true;
    }
  } catch {
    return false;
  }
}

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u8 = (at: number) => this.view.getUint8(at);
  u16le = (at: number) => this.view.getUint16(at, true);
  u16be = (at: number) => this.view.getUint16(at, false);
  u32le = (at: number) => this.view.getUint32(at, true);
  text = (at: number, length: number) => String.fromCharCode(...this.bytes.subarray(at, at + length));
}

/**
 * 31-sample ProTracker layout: header, patterns (max order + 1), then sample data; without a tag at
 * 1080, Ultimate Soundtracker's 15-sample layout (a 600-byte header and 4-channel patterns).
 */
function modEnd(r: Reader): number {
  const tag = r.bytes.length >= 1084 ? r.text(1080, 4) : "";
  if (!MOD_TAG.test(tag)) return patternsAndSamplesEnd(r, { samples: 15, orders: 472, header: 600, channels: 4 });
  const digits = tag.match(/^(\d+)CH|^(\d)CHN|^(\d\d)CN/);
  const channels = digits ? Number(digits[1] ?? digits[2] ?? digits[3]) : /^(FLT8|OKTA|OCTA|CD81|EXO8|FA08)$/.test(tag) ? 8 : 4;
  return patternsAndSamplesEnd(r, { samples: 31, orders: 952, header: 1084, channels });
}

function patternsAndSamplesEnd(r: Reader, layout: { samples: number; orders: number; header: number; channels: number }) {
  let patterns = 0;
  for (let i = 0; i < 128; i++) patterns = Math.max(patterns, r.u8(layout.orders + i) + 1);
  let samples = 0;
  for (let i = 0; i < layout.samples; i++) samples += r.u16be(20 + i * 30 + 22) * 2;
  return layout.header + patterns * 64 * layout.channels * 4 + samples;
}

function s3mFits(r: Reader): boolean {
  const size = r.bytes.length;
  const orders = r.u16le(32);
  const instruments = r.u16le(34);
  const patterns = r.u16le(36);
  const pointers = 96 + orders;
  for (let i = 0; i < instruments; i++) {
    const at = r.u16le(pointers + i * 2) * 16;
    if (at === 0) continue;
    if (at + 80 > size) return false;
    const length = r.u32le(at + 16);
    if (r.u8(at) !== 1 || length === 0) continue;
    const flags = r.u8(at + 31);
    const data = ((r.u8(at + 13) << 16) | r.u16le(at + 14)) * 16;
    const bytes = length * (flags & 4 ? 2 : 1) * (flags & 2 ? 2 : 1);
    if (data + bytes > size) return false;
  }
  for (let i = 0; i < patterns; i++) {
    const at = r.u16le(pointers + instruments * 2 + i * 2) * 16;
    if (at !== 0 && at + r.u16le(at) > size) return false;
  }
  return true;
}

function itFits(r: Reader): boolean {
  const size = r.bytes.length;
  const [orders, instruments, samples, patterns] = [r.u16le(0x20), r.u16le(0x22), r.u16le(0x24), r.u16le(0x26)];
  if (r.u16le(0x2e) & 1 && r.u32le(0x38) + r.u16le(0x36) > size) return false;
  const table = 0xc0 + orders;
  for (let i = 0; i < instruments; i++) if (r.u32le(table + i * 4) >= size) return false;
  const sampleTable = table + instruments * 4;
  for (let i = 0; i < samples; i++) {
    const at = r.u32le(sampleTable + i * 4);
    if (at + 0x50 > size || r.text(at, 4) !== "IMPS") return false;
    const flags = r.u8(at + 0x12);
    const length = r.u32le(at + 0x30);
    const data = r.u32le(at + 0x48);
    if (!(flags & 1) || length === 0) continue;
    // Compressed samples are a chain of length-prefixed blocks; the first block must be whole.
    const end = flags & 8 ? data + 2 + r.u16le(data) : data + length * (flags & 2 ? 2 : 1) * (flags & 4 ? 2 : 1);
    if (end > size) return false;
  }
  const patternTable = sampleTable + samples * 4;
  for (let i = 0; i < patterns; i++) {
    const at = r.u32le(patternTable + i * 4);
    if (at !== 0 && at + 8 + r.u16le(at) > size) return false;
  }
  return true;
}

/** XM is sequential: header, each pattern (header + packed data), each instrument with its samples. */
function xmEnd(r: Reader): number {
  let at = 60 + r.u32le(60);
  const patterns = r.u16le(70);
  const instruments = r.u16le(72);
  for (let i = 0; i < patterns; i++) at += r.u32le(at) + r.u16le(at + 7);
  for (let i = 0; i < instruments; i++) {
    const headerSize = r.u32le(at);
    const sampleCount = r.u16le(at + 27);
    if (sampleCount === 0) {
      at += headerSize;
      continue;
    }
    const sampleHeaderSize = r.u32le(at + 29);
    let data = 0;
    for (let s = 0; s < sampleCount; s++) data += r.u32le(at + headerSize + s * sampleHeaderSize);
    at += headerSize + sampleCount * sampleHeaderSize + data;
  }
  return at;
}
