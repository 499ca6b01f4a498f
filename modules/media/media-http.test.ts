/** HTTP behaviour of media: Range, ETag/304, types, download names, download counting (tokens: media-tokens.test.ts). */
import { beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { replaceStored } from "../../tests/support/stored-files";
import { corpusFile, uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";

const ORIGINAL = "real-audio/sound-icons-electric-piano-3-16k.wav";
const HOSTILE_TITLE = '../..\\etc/pa"ss wd; x=1 \u202Egnp.exe Café 🎵';

// On a cluster (media in the bucket) Stemma itself serves the bytes only in proxy mode: Range, ETag and the
// headers below are Stemma's there. Where the default redirect sends them, media-access.test.ts checks type and name.
const live = setUpServer({ env: { MEDIA_DELIVERY: "proxy" } });
let owner: Session;
let track: TrackDetails;
let originalBytes: Uint8Array;

beforeAll(async () => {
  owner = await signUp(live.server);
  track = await uploadTrack(live.server, owner, {
    original: ORIGINAL,
    originalFormat: "wav",
    title: HOSTILE_TITLE,
    cover: "images/generated-large-cover-3000x3000.jpg",
  });
  originalBytes = await corpusFile(ORIGINAL).bytes();
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${live.server.url}/api${path}`, { headers: { authorization: `Bearer ${owner.token}`, ...headers } });
const totals = async () =>
  (await call<TrackDetails>(live.server, "GET", `/track/${track.id}`, { token: owner.token })).body.totalDownloads;

describe("Range", () => {
  test.each([
    ["bytes=0-0", 0, 0],
    ["bytes=100-1099", 100, 1099],
    ["bytes=-500", -500, -1],
    ["bytes=50000-", 50000, -1],
  ])("%s answers 206 with exactly those bytes of the stored original", async (range, from, to) => {
    const response = await get(`/track/${track.id}/original`, { range });
    const size = originalBytes.length;
    const start = from < 0 ? size + from : from;
    const end = to < 0 ? size + to : to;
    expect(response.status).toBe(206);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(originalBytes.slice(start, end + 1));
  });

  test("the streaming MP3 reassembles byte for byte from ranges", async () => {
    const whole = new Uint8Array(await (await get(`/track/${track.id}/full.mp3`)).arrayBuffer());
    const parts: Uint8Array[] = [];
    const step = Math.ceil(whole.length / 3);
    for (let start = 0; start < whole.length; start += step) {
      const response = await get(`/track/${track.id}/full.mp3`, { range: `bytes=${start}-${start + step - 1}` });
      expect(response.status).toBe(206);
      parts.push(new Uint8Array(await response.arrayBuffer()));
    }
    expect(Buffer.concat(parts)).toEqual(Buffer.from(whole));
  });

  test("a range past the end is 416 with the size", async () => {
    const response = await get(`/track/${track.id}/original`, { range: `bytes=${originalBytes.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${originalBytes.length}`);
    expect(await response.json()).toEqual({ message: "Requested range not satisfiable" });
  });

  test("If-Range with an old ETag sends the whole file", async () => {
    const response = await get(`/track/${track.id}/original`, { range: "bytes=0-9", "if-range": '"stale"' });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(originalBytes.length);
  });
});

describe("ETag", () => {
  test("If-None-Match with the ETag is 304 without a body; another tag gets 200", async () => {
    const first = await get(`/track/${track.id}/full.mp3`);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(`/track/${track.id}/full.mp3`, { "if-none-match": `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await get(`/track/${track.id}/full.mp3`, { "if-none-match": '"other"' })).status).toBe(200);
  });

  test("different files have different ETags", async () => {
    const mp3 = (await get(`/track/${track.id}/full.mp3`)).headers.get("etag");
    const original = (await get(`/track/${track.id}/original`)).headers.get("etag");
    expect(mp3).not.toBe(original);
  });
});

describe("types and names", () => {
  test.each([
    ["full.mp3", "audio/mpeg"],
    ["full.wav", "audio/wav"],
    ["original", "audio/wav"],
  ])("%s is %s and never sniffed", async (file, type) => {
    const response = await get(`/track/${track.id}/${file}`);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a hostile title gives a safe attachment name with an ASCII fallback and filename*", async () => {
    const response = await get(`/track/${track.id}/full.mp3?attachment`);
    const header = response.headers.get("content-disposition") as string;
    expect(header.startsWith("attachment;")).toBe(true);
    const ascii = header.match(/filename="([^"]*)"/)?.[1] as string;
    const utf8 = decodeURIComponent(header.match(/filename\*=UTF-8''(\S+)$/)?.[1] as string);
    for (const name of [ascii, utf8]) {
      expect(name).not.toMatch(/[/\\"\p{Cc}\p{Cf}]/u);
      expect(name.endsWith(".mp3")).toBe(true);
      expect(name.startsWith(".")).toBe(false);
    }
    expect(ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(utf8).toContain("Café 🎵");
  });

  test("without ?attachment there is no Content-Disposition", async () => {
    expect((await get(`/track/${track.id}/full.mp3`)).headers.get("content-disposition")).toBeNull();
  });
});

describe("cover", () => {
  test.each([
    ["", 640],
    ["?size=thumb", 192],
    ["?size=card", 320],
    ["?size=page", 640],
    ["?size=page2x", 1280],
  ])("%s serves the WebP of width %d", async (query, width) => {
    const response = await get(`/track/${track.id}/cover${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.width).toBe(width);
  });

  test("a cover stored before the thumb size existed answers the thumb with its card", async () => {
    const older = await uploadTrack(live.server, owner, {
      original: ORIGINAL,
      originalFormat: "wav",
      cover: "images/matplotlib-grace_hopper.jpg",
    });
    await replaceStored(live.server, `tracks/${older.id}/cover-thumb.webp`, null);
    const response = await get(`/track/${older.id}/cover?size=thumb`);
    expect(response.status).toBe(200);
    expect((await sharp(new Uint8Array(await response.arrayBuffer())).metadata()).width).toBe(320);
  });

  test("an unknown size is 400", async () => {
    const response = await get(`/track/${track.id}/cover?size=huge`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "size must be thumb, card, page or page2x" });
  });
});

describe("download counting", () => {
  test("each complete ?attachment download counts once; ranges, 304s and plain streaming do not", async () => {
    const before = await totals();
    const etag = (await get(`/track/${track.id}/full.mp3`)).headers.get("etag") as string;
    await (await get(`/track/${track.id}/full.mp3?attachment`)).arrayBuffer();
    await (await get(`/track/${track.id}/full.mp3?attachment`, { range: "bytes=0-99" })).arrayBuffer();
    await (await get(`/track/${track.id}/full.mp3?attachment`, { "if-none-match": etag })).arrayBuffer();
    await (await get(`/track/${track.id}/full.mp3`)).arrayBuffer();
    await (await get(`/track/${track.id}/original?attachment`)).arrayBuffer();
    expect(await totals()).toBe(before + 2);
  });
});
