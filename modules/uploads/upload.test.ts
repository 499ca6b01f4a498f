import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { WAVEFORM_POINTS } from "../../src/server/audio/peaks";
import { PAGE_WAVEFORM_PAIRS } from "../../src/shared/waveform";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { generateAudio } from "../../tests/support/generated-audio";
import { setUpServer } from "../../tests/support/lifecycle";
import { testOnCluster } from "../../tests/support/server";
import { stagedFiles, storedKeys } from "../../tests/support/stored-files";
import { CORPUS, type UploadReply, upload, waitProcessed } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

/** The Track JSON carries the page-sized waveform: [min, max] pairs, flattened. */
const TRACK_JSON_WAVEFORM_VALUES = PAGE_WAVEFORM_PAIRS * 2;

const live = setUpServer();
let uploader: Session;
beforeAll(async () => {
  await signUp(live.server); // the first account is the admin; uploaders below are ordinary users
  uploader = await signUp(live.server);
}, 30_000);

/** POST /api/track as the uploader, with an original assembled in memory from `parts`. */
function uploadInMemory(parts: BlobPart[], name: string, data: { title: string; primaryArtistName: string }) {
  const form = new FormData();
  form.set("data", JSON.stringify({ ...data, licenseId: "all-rights-reserved" }));
  form.set("original", new Blob(parts), name);
  return call<UploadReply>(live.server, "POST", "/track", { token: uploader.token, body: form });
}

const quotaOf = async (session: Session) =>
  (await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", { token: session.token })).body;

describe("accepted originals", () => {
  const corpus: Array<[string, string, number, string | null]> = [
    ["real-modules/dali.xm", "xm", 84.48, "dali4"],
    ["real-modules/gd-giirm.s3m", "s3m", 51.84, "Goose in Israel"],
    ["real-modules/gd-ite.it", "it", 23.04, "I think.. engh."],
    ["real-modules/high-score.mod", "mod", 69.12, "high-score"],
    ["real-modules/ritam.s3m", "s3m", 130.56, null],
    ["real-modules/termigator_reg-zbb.mod", "mod", 96.48, "termigator"],
    ["real-audio/alsa-Front_Center.wav", "wav", 1.43, null],
    ["real-audio/alsa-Noise.wav", "wav", 1.41, null],
    ["real-audio/audio-lena-24bit-junkchunk.wav", "wav", 12.27, null],
    ["real-audio/audio-lena-32bit-float.wav", "wav", 12.27, null],
    ["real-audio/audio-lena.flac", "flac", 12.27, null],
    ["real-audio/freedesktop-complete.flac", "flac", 1.09, null],
    ["real-audio/hydrogen-808_Cymbal.flac", "flac", 0.91, null],
    ["real-audio/hydrogen-808_Kick_Long.flac", "flac", 1.2, null],
    ["real-audio/pygame-house_lo-u8-11k.wav", "wav", 7.1, null],
    ["real-audio/sound-icons-electric-piano-3-16k.wav", "wav", 1.72, null],
  ];
  // On the cluster, the shortest file of each format: what it adds (PostgreSQL, the bucket, a worker) does not depend
  // on the song, and rendering every module again there cost two CPU minutes; the single server's pass plays them all.
  const cases = testOnCluster
    ? [...new Set(corpus.map(([, format]) => format))].map(
        (format) => corpus.filter((entry) => entry[1] === format).sort((a, b) => a[2] - b[2])[0] as (typeof corpus)[number],
      )
    : corpus;

  test("every real module, WAV and FLAC uploads and processes: duration, waveform, MP3, loudness, true peak, module text", async () => {
    const session = await signUp(live.server);
    const results = await Promise.all(
      cases.map(async ([path, originalFormat]) => {
        const res = await upload(live.server, session, { original: path, data: { originalFormat } });
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
        return waitProcessed(live.server, session, res.body.track.id);
      }),
    );
    for (const [index, track] of results.entries()) {
      const [path, format, seconds, moduleTitle] = cases[index] as (typeof cases)[number];
      expect(track.processingStatus, path).toBe("READY");
      expect(track.originalFormat as string).toBe(format);
      expect(Math.abs((track.duration as number) - seconds), path).toBeLessThan(0.15);
      expect(track.originalUrl).toBe(`/api/track/${track.id}/original`);
      expect(track.fullTrackMp3Url).toBe(`/api/track/${track.id}/full.mp3`);
      expect(track.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
      expect(Math.max(...(track.waveformData as number[]))).toBeGreaterThan(0.01);
      expect(typeof track.loudnessLufs).toBe("number");
      // A true peak at or above the loudness: a module's too (rendered by libopenmpt in the same decode).
      expect(track.truePeakDb as number, path).toBeGreaterThanOrEqual(track.loudnessLufs as number);
      expect(track.truePeakDb as number, path).toBeLessThan(6);
      expect(track.mp3SizeBytes as number).toBeGreaterThan(1000);
      expect(track.totalQuotaSeconds).toBeCloseTo(track.duration as number, 5);
      if (["xm", "it", "s3m", "mod"].includes(format)) {
        expect(track.moduleTitle).toBe(moduleTitle);
        expect(String(track.moduleMessage).length).toBeGreaterThan(0);
      }
    }
    const charged = results.reduce((sum, track) => sum + (track.duration as number), 0);
    expect((await quotaOf(session)).currentUsedQuotaSeconds).toBeCloseTo(charged, 3);
  }, 120_000);

  test("a WAV is playable in the reply (waveform, original streamable); the MP3 and cover follow; a module waits for its MP3", async () => {
    const res = await upload(live.server, uploader, {
      original: "album/06 - Nova Drift - The Long Way Home (Extended Mix).wav",
      coverArt: "album/the long way home.JPG",
    });
    expect(res.status).toBe(201);
    const id = res.body.track.id;
    // The validating decode made the peaks: the track plays from its original while the MP3 encodes.
    expect(res.body.track.originalUrl).toBe(`/api/track/${id}/original`);
    expect(res.body.track.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
    expect(Math.max(...(res.body.track.waveformData as number[]))).toBeGreaterThan(0.01);
    expect(res.body.track.coverArt).toBe(`{address}/api/track/${id}/cover`);
    const auth = { authorization: `Bearer ${uploader.token}` };
    const head = await fetch(`${live.server.url}/api/track/${id}/original`, { headers: { ...auth, range: "bytes=0-11" } });
    expect(head.status).toBe(206);
    expect(new TextDecoder().decode(await head.arrayBuffer())).toStartWith("RIFF");

    const done = await waitProcessed(live.server, uploader, id);
    expect(done.waveformData).toEqual(res.body.track.waveformData as number[]);
    expect(done.coverArt).toBe(`/api/track/${id}/cover`);
    expect(done.coverArtSizeBytes as number).toBeGreaterThan(0);
    const mp3 = await fetch(`${live.server.url}${done.fullTrackMp3Url}`, { headers: auth });
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get("content-type")).toContain("audio/mpeg");
    expect((await mp3.arrayBuffer()).byteLength).toBe(done.mp3SizeBytes as number);
    const cover = await fetch(`${live.server.url}${done.coverArt}`);
    expect(cover.headers.get("content-type")).toContain("image/webp");

    // Browsers do not play tracker modules: the marker stays until the MP3 exists.
    const module = await upload(live.server, uploader, { original: "real-modules/gd-ite.it" });
    expect(module.status).toBe(201);
    expect(module.body.track.originalUrl).toBe(`{address}/api/track/${module.body.track.id}/original`);
    expect(module.body.track.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
    const moduleDone = await waitProcessed(live.server, uploader, module.body.track.id);
    expect(moduleDone.originalUrl).toBe(`/api/track/${module.body.track.id}/original`);
  }, 60_000);

  test("the album uploads with each track's own cover", async () => {
    const matches = (await Bun.file(join(CORPUS, "album-expected-matches.json")).json()).cover_for_track as Record<
      string,
      string
    >;
    const tracks = await Promise.all(
      // The 200-second track is covered by the marker test above.
      Object.entries(matches)
        .filter(([track]) => !track.startsWith("06"))
        .map(async ([track, cover]) => {
          const res = await upload(live.server, uploader, { original: `album/${track}`, coverArt: `album/${cover}` });
          expect(res.status, track).toBe(201);
          return waitProcessed(live.server, uploader, res.body.track.id);
        }),
    );
    for (const track of tracks) {
      expect(track.processingStatus).toBe("READY");
      expect(track.coverArt).toBe(`/api/track/${track.id}/cover`);
    }
  }, 90_000);

  test("hostile file names are only names: a valid WAV called CON.wav or a 255-byte name is stored under server keys", async () => {
    // A 255-byte name (NAME_MAX) is made here: such a name does not belong in a git tree.
    for (const name of ["CON.wav", `${"a".repeat(251)}.wav`]) {
      const res = await upload(live.server, uploader, { original: ["bad/CON.wav", name] });
      expect(res.status).toBe(201);
      expect((await waitProcessed(live.server, uploader, res.body.track.id)).processingStatus).toBe("READY");
    }
    // The names themselves, not fragments: server ids are hex UUIDs, which may well contain "aaaa".
    const names = [...(await storedKeys(live.server)), ...stagedFiles(live.server)].flatMap((path) => path.split("/"));
    expect(names.filter((name) => name.startsWith("CON") || name.includes("a".repeat(251)))).toEqual([]);
  }, 30_000);

  /** A minimal Ultimate Soundtracker MOD: 15 sample slots and no tag, one looping square wave, one note. */
  function soundtrackerMod(): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(600 + 1024 + 64);
    const view = new DataView(bytes.buffer);
    bytes.set(new TextEncoder().encode("fifteen samples"), 0);
    bytes.set(new TextEncoder().encode("square"), 20);
    view.setUint16(20 + 22, 32); // length in words, big-endian
    bytes[20 + 25] = 64; // volume
    view.setUint16(20 + 28, 32); // loop the whole sample
    for (let slot = 1; slot < 15; slot++) view.setUint16(20 + slot * 30 + 28, 1); // empty slots loop 1 word
    bytes[470] = 1; // one song position (pattern 0)
    bytes[471] = 120; // the restart byte Soundtracker wrote
    bytes.set([0x01, 0xac, 0x10, 0x00], 600); // row 0, channel 1: sample 1 at period 428
    for (let i = 0; i < 64; i++) bytes[600 + 1024 + i] = i < 32 ? 0x40 : 0xc0;
    return bytes;
  }

  test("a 15-sample Soundtracker MOD (no tag at byte 1080) is recognised, measured and rendered; cut short it is refused", async () => {
    const mod = soundtrackerMod();
    const res = await uploadInMemory([mod], "old.mod", { title: "Old", primaryArtistName: "Soundtracker" });
    expect(res.status).toBe(201);
    // 64 rows at 6 ticks of 20 ms.
    expect(res.body.track.duration as number).toBeGreaterThan(7.5);
    expect((await waitProcessed(live.server, uploader, res.body.track.id)).processingStatus).toBe("READY");
    const cut = await uploadInMemory([mod.slice(0, -10)], "cut.mod", { title: "Cut", primaryArtistName: "Soundtracker" });
    expect([cut.status, cut.body.message]).toEqual([400, "Audio file is a truncated module"]);
  }, 30_000);

  test("a whole module that renders to silence is refused (libopenmpt exits 0 on it)", async () => {
    // A structurally complete ProTracker module: one empty pattern, no sample data.
    const bytes = new Uint8Array(1084 + 1024);
    bytes[950] = 1;
    bytes.set(new TextEncoder().encode("M.K."), 1080);
    const res = await uploadInMemory([bytes], "silence.mod", { title: "Silence", primaryArtistName: "Nobody" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Audio file renders to silence (the module is damaged or incomplete)");
  });

  test("peaks spread over the decoded length, even when the FLAC header does not state it", async () => {
    // 1 s at a steady level, then 1 s of silence, written to a pipe: STREAMINFO's total sample count stays 0.
    const flac = generateAudio("aevalsrc=if(lt(t\\,1)\\,0.5\\,0)|0:s=44100:d=2", ["-c:a", "flac", "-f", "flac"]);
    const res = await uploadInMemory([flac], "half.flac", { title: "Half", primaryArtistName: "Tone" });
    expect(res.status).toBe(201);
    expect(res.body.track.duration).toBeCloseTo(2, 3);
    // The stored peaks, as stored.
    const [row] = await runSql<{ peaks: string }>(
      live.server,
      "select waveform_data as peaks from track_waveforms where track_id = ?",
      res.body.track.id,
    );
    const maxima = (JSON.parse(row?.peaks ?? "[]") as number[]).filter((_, index) => index % 2 === 1);
    expect(maxima).toHaveLength(WAVEFORM_POINTS);
    // The first half of the points holds the level, the second the silence; allow one point at the edge.
    const half = WAVEFORM_POINTS / 2;
    expect(maxima.slice(0, half - 1).every((peak) => peak === 0.5)).toBe(true);
    expect(maxima.slice(half + 1).every((peak) => peak === 0)).toBe(true);
  });

  test("a FLAC whose STREAMINFO claims 8 channels over mono frames is measured (and charged) at its full length", async () => {
    const bytes = generateAudio("sine=frequency=440:duration=10:sample_rate=44100", ["-ac", "1", "-c:a", "flac", "-f", "flac"]);
    // STREAMINFO byte 20 holds (channels - 1) in bits 1–3: claim 8 while every frame stays mono.
    bytes[20] = ((bytes[20] as number) & ~0x0e) | (7 << 1);
    const before = await quotaOf(uploader);
    const res = await uploadInMemory([bytes], "liar.flac", { title: "Liar", primaryArtistName: "Header" });
    expect(res.status).toBe(201);
    expect(res.body.track.duration).toBeCloseTo(10, 3);
    expect((await quotaOf(uploader)).currentUsedQuotaSeconds - before.currentUsedQuotaSeconds).toBeCloseTo(10, 3);
  });

  test("a FLAC behind a leading ID3v2 tag (as some taggers write it) is accepted", async () => {
    const flac = generateAudio("sine=frequency=440:duration=3:sample_rate=44100", ["-c:a", "flac", "-f", "flac"]);
    // ID3v2.4 header with a syncsafe size of 200 (1 × 128 + 72), then 200 bytes of padding.
    const tag = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 72, ...new Uint8Array(200)]);
    const res = await uploadInMemory([tag, flac], "tagged.flac", { title: "Tagged", primaryArtistName: "ID3" });
    expect(res.status).toBe(201);
    expect(res.body.track.duration).toBeCloseTo(3, 3);
    expect((await waitProcessed(live.server, uploader, res.body.track.id)).processingStatus).toBe("READY");
  }, 30_000);

  /** A WAV made by ffmpeg: written to a file it states its sizes, written to a pipe it cannot. */
  function makeWav(output: string[], to: "file" | "pipe"): Uint8Array<ArrayBuffer> {
    const source = "sine=frequency=440:duration=3:sample_rate=48000";
    if (to === "pipe") return generateAudio(source, [...output, "-f", "wav"]);
    const path = join(live.server.dataDir, "..", `sizes-${crypto.randomUUID()}.wav`);
    const made = Bun.spawnSync(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", source, ...output, path]);
    if (made.exitCode !== 0) throw new Error(String(made.stderr));
    const bytes = new Uint8Array(readFileSync(path));
    rmSync(path);
    return bytes;
  }
  const sizeConventions: Array<[string, string[], "file" | "pipe"]> = [
    ["a WAV written to a pipe (RIFF and data sizes left at 0xFFFFFFFF)", ["-c:a", "pcm_s16le"], "pipe"],
    ["an RF64 WAV (sizes in its ds64 chunk)", ["-c:a", "pcm_s24le", "-rf64", "always"], "file"],
  ];
  for (const [name, output, to] of sizeConventions) {
    test(`${name} is read to its last sample and processed`, async () => {
      const res = await uploadInMemory([makeWav(output, to)], "sizes.wav", { title: "Sizes", primaryArtistName: "Wav" });
      expect(res.status).toBe(201);
      expect(res.body.track.duration).toBeCloseTo(3, 3);
      expect((await waitProcessed(live.server, uploader, res.body.track.id)).processingStatus).toBe("READY");
    }, 30_000);
  }

  const browserPlayback: Array<[string, string, boolean]> = [
    ["pcm_f32le", "32-bit float", true],
    ["pcm_s24le", "24-bit", true],
    ["adpcm_ms", "MS ADPCM", false],
    ["pcm_f64le", "64-bit float", false],
  ];
  for (const [codec, name, plays] of browserPlayback) {
    test(`a ${name} WAV ${plays ? "streams from its original at once" : "waits for its MP3, as browsers cannot play it"}`, async () => {
      const res = await uploadInMemory([makeWav(["-c:a", codec], "file")], "codec.wav", {
        title: name,
        primaryArtistName: "Codec",
      });
      expect(res.status).toBe(201);
      expect((res.body.track.originalUrl as string).startsWith("{address}")).toBe(!plays);
      const track = await waitProcessed(live.server, uploader, res.body.track.id);
      expect(track.originalUrl).toBe(`/api/track/${track.id}/original`);
      expect(track.fullTrackMp3Url).toBe(`/api/track/${track.id}/full.mp3`);
    }, 30_000);
  }

  test("a WAV whose data chunk is empty is 'contains no audio'", async () => {
    const wav = generateAudio("sine=duration=1", ["-c:a", "pcm_s16le", "-f", "wav"]);
    // Cut right after the data chunk's header, then state the sizes honestly: RIFF = file - 8, data = 0.
    const dataAt = new TextDecoder("latin1").decode(wav).indexOf("data");
    const empty = wav.slice(0, dataAt + 8);
    const sizes = new DataView(empty.buffer);
    sizes.setUint32(4, empty.length - 8, true);
    sizes.setUint32(dataAt + 4, 0, true);
    const res = await uploadInMemory([empty], "empty-data.wav", { title: "Empty", primaryArtistName: "Data" });
    expect([res.status, res.body.message]).toEqual([400, "Audio file contains no audio"]);
  });

  test("a phase-inverted stereo file keeps its full waveform (peaks over all channels, no downmix)", async () => {
    const path = join(live.server.dataDir, "..", `inverted-${crypto.randomUUID()}.wav`);
    const made = Bun.spawnSync([
      "ffmpeg",
      ...["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2:sample_rate=44100"],
      ...["-af", "pan=stereo|c0=0.8*c0|c1=-0.8*c0", "-c:a", "pcm_s16le", path],
    ]);
    expect(made.exitCode).toBe(0);
    // Written to a file, not a pipe, so the WAV header carries its real sizes.
    const wav = await Bun.file(path).bytes();
    await Bun.file(path).delete();
    const res = await uploadInMemory([wav], "inverted.wav", { title: "Inverted", primaryArtistName: "Phase" });
    expect(res.status).toBe(201);
    const track = await waitProcessed(live.server, uploader, res.body.track.id);
    const peaks = track.waveformData as number[];
    // lavfi's sine has amplitude 1/8: each channel peaks at ±0.1; a mono downmix would be flat (0).
    expect(Math.max(...peaks)).toBeGreaterThan(0.09);
    expect(Math.min(...peaks)).toBeLessThan(-0.09);
  }, 30_000);
});

describe("refused uploads keep nothing", () => {
  const refusedOriginals: Array<[string, string | undefined]> = [
    ["bad/bogus-fmt-header.wav", "wav"],
    ["bad/empty.wav", "wav"],
    ["bad/huge-declared-size.wav", "wav"],
    ["bad/id3-tag-only.mp3", undefined],
    ["bad/mp3-renamed.wav", "wav"],
    ["bad/png-renamed.xm", "xm"],
    ["bad/random-bytes.mod", "mod"],
    ["bad/svg-script-as.png", undefined],
    ["bad/text-file.wav", "wav"],
    ["bad/truncated-half.flac", "flac"],
    ["bad/truncated-half.it", "it"],
    ["bad/truncated-header-only.flac", "flac"],
    ["bad/truncated-header.xm", "xm"],
    ["bad/pixel-flood-100000x100000.png", undefined],
    ["bad/truncated-cover.jpg", undefined],
    ["real-audio/audio-lena.mp3", undefined],
    ["real-audio/pygame-house_lo.ogg", undefined],
    ["real-audio/freedesktop-complete.oga", undefined],
  ];
  const refusedCovers = [
    "bad/pixel-flood-100000x100000.png",
    "bad/truncated-cover.jpg",
    "bad/svg-script-as.png",
    "bad/text-file.wav",
  ];

  test("every bad original and every bad cover gets a 4xx {message}, no row, no file, no quota charged", async () => {
    const session = await signUp(live.server);
    const replies = await Promise.all([
      ...refusedOriginals.map(([path, originalFormat]) =>
        upload(live.server, session, { original: path, data: { originalFormat } }),
      ),
      ...refusedCovers.map((coverArt) => upload(live.server, session, { original: "real-audio/alsa-Noise.wav", coverArt })),
    ]);
    const labels = [...refusedOriginals.map(([path]) => path), ...refusedCovers.map((path) => `cover ${path}`)];
    for (const [index, res] of replies.entries()) {
      expect(res.status, `${labels[index]} → ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, labels[index]).toBeLessThan(500);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await quotaOf(session)).currentUsedQuotaSeconds).toBe(0);
    const owned = await call<{ items: unknown[] }>(live.server, "GET", "/tracks", { token: session.token });
    expect(owned.body.items).toEqual([]);
    expect(stagedFiles(live.server)).toEqual([]);
  }, 60_000);

  test.each([
    ["bad/truncated-header.xm", "xm", "truncated module"],
    ["bad/truncated-half.it", "it", "truncated module"],
    ["bad/mp3-renamed.wav", "wav", "Audio file is not a valid WAV file"],
    ["bad/png-renamed.xm", "xm", "Audio file is not a valid XM file"],
    ["bad/huge-declared-size.wav", "wav", "header declares more data"],
    ["bad/truncated-half.flac", "flac", "damaged"],
  ])("%s is refused with a reason (%s)", async (path, originalFormat, reason) => {
    const res = await upload(live.server, uploader, { original: path, data: { originalFormat } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(reason);
  });
});

describe("the original part", () => {
  test("a chosen but empty file (0 bytes, sent with its name as a browser does) is 'The audio file is empty'", async () => {
    const res = await upload(live.server, uploader, { original: "bad/empty.wav" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The audio file is empty");
  });

  test("no original part at all is 'Audio file is required' (SPEC §8)", async () => {
    const res = await upload(live.server, uploader, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Audio file is required");
  });
});

describe("stems", () => {
  const stem = (name: string, type: string, path = `stems/Nova Drift - Undertow - ${name}.wav`) => ({ path, name, type });
  const fullMix = "stems/Nova Drift - Undertow (full mix).wav";

  test("a WAV with four stems (one as FLAC) processes every stem side by side and charges original + stems", async () => {
    // The job writes each MP3 into its staging folder while encoding; sampling the staging folders (a cluster's
    // worker's) shows whether encodes overlap (one at a time would never show two).
    let mostAtOnce = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const encoding = stagedFiles(live.server).filter((path) => path.endsWith(".mp3"));
        mostAtOnce = Math.max(mostAtOnce, encoding.length);
        await Bun.sleep(5);
      }
    })();
    const res = await upload(live.server, uploader, {
      original: fullMix,
      stems: [
        stem("bass", "bass"),
        stem("drums", "drums"),
        stem("synth", "synth"),
        stem("vocals", "vocals", "stems/variants/Nova Drift - Undertow - vocals.flac"),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Each stem's peaks come from its validating decode: drawn in the reply, before any MP3 exists.
    const replied = res.body.track.stems as TrackDetails["stems"];
    expect(replied.map((s) => s.waveformData?.length)).toEqual(Array(4).fill(TRACK_JSON_WAVEFORM_VALUES));
    expect(replied.every((s) => Math.max(...(s.waveformData as number[])) > 0.01)).toBe(true);
    const track = await waitProcessed(live.server, uploader, res.body.track.id);
    sampling = false;
    await sampler;
    expect(mostAtOnce).toBeGreaterThanOrEqual(2);
    expect(track.processingStatus).toBe("READY");
    expect(track.stems.map((s) => s.waveformData)).toEqual(replied.map((s) => s.waveformData));
    expect(track.stems.map((s) => [s.name, s.type, s.index])).toEqual([
      ["bass", "bass", 0],
      ["drums", "drums", 1],
      ["synth", "synth", 2],
      ["vocals", "vocals", 3],
    ]);
    for (const s of track.stems) {
      expect(s.duration).toBeCloseTo(60, 3);
      expect(s.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
      expect(s.mp3Url).toBe(`/api/track/${track.id}/stem/${s.id}.mp3`);
      expect(s.processingStatus).toBe("READY");
    }
    expect(track.totalQuotaSeconds as number).toBeCloseTo(300, 3);
  }, 60_000);

  test.each([
    [
      "stems/variants/MISMATCH - Undertow - vocals (0.5 s short).flac",
      'Stem "odd" must have the same length and sample rate as the original (it is 0.50 s shorter)',
    ],
    [
      "stems/variants/MISMATCH - Undertow - vocals (16000 Hz).flac",
      'Stem "odd" must have the same length and sample rate as the original (it is at 16000 Hz, the original at 22050 Hz)',
    ],
    ["stems/variants/Nova Drift - Undertow - bass.mp3", "Stem files must be .wav or .flac"],
  ])("stem %s is refused", async (path, message) => {
    const res = await upload(live.server, uploader, {
      original: fullMix,
      stems: [stem("bass", "bass"), { path, name: "odd", type: "vocals" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  test("stems are validated like originals; with several bad, the first in upload order is reported", async () => {
    const damaged = { path: "bad/truncated-half.flac", name: "broken", type: "fx" };
    const alone = await upload(live.server, uploader, { original: fullMix, stems: [stem("bass", "bass"), damaged] });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('Stem "broken" is damaged and could not be decoded');
    // The short stem needs a full decode to be found out, the damaged one fails at once: order still wins.
    const short = { path: "stems/variants/MISMATCH - Undertow - vocals (0.5 s short).flac", name: "short", type: "vocals" };
    const both = await upload(live.server, uploader, { original: fullMix, stems: [short, damaged] });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'Stem "short" must have the same length and sample rate as the original (it is 0.50 s shorter)',
    );
  });

  test("stems need a WAV/FLAC original, at most 20, and a known type", async () => {
    const onModule = await upload(live.server, uploader, { original: "real-modules/dali.xm", stems: [stem("bass", "bass")] });
    expect(onModule.body.message).toBe("Stems can only be added to WAV or FLAC tracks");
    const many = Array.from({ length: 21 }, (_, i) => ({ ...stem("bass", "bass"), name: `bass ${i}` }));
    const tooMany = await upload(live.server, uploader, { original: fullMix, stems: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("A track can have at most 20 stems");
    const badType = await upload(live.server, uploader, { original: fullMix, stems: [stem("bass", "cowbell")] });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toStartWith("Stem type must be one of: audio, drums");
  });
});
