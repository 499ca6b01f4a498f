/** WAV/FLAC on demand: start, poll to COMPLETED, decode the derivative, validation and access. */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { CORPUS, decodedSampleCount, startUpload, uploadTrack } from "../../tests/support/test-tracks";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";
import type { StatusReply } from "./model";

/** Every stem in the corpus decodes to exactly this many samples (corpus README). */
const STEM_SAMPLES = 1_323_000;
const MODULE = "real-modules/gd-ite.it";
/** The server runs with the default CONVERSION_TTL_SECONDS (7 days), which every status reply states. */
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;

const live = setUpServer();
let owner: Session;
let other: Session;
let moduleTrack: TrackDetails;
let stemTrack: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  other = await signUp(live.server);
  moduleTrack = await uploadTrack(live.server, owner, { original: MODULE, originalFormat: "it", isPublic: false });
  stemTrack = await uploadTrack(live.server, owner, {
    original: "stems/Nova Drift - Undertow (full mix).wav",
    originalFormat: "wav",
    stems: [
      { path: "stems/Nova Drift - Undertow - bass.wav", name: "Bass", type: "bass" },
      { path: "stems/variants/Nova Drift - Undertow - vocals.flac", name: "Vocals", type: "vocals" },
    ],
  });
}, 120_000);

const statusPath = (track: TrackDetails, stemId: string | null, format: string) =>
  stemId
    ? `/track/${track.id}/stem/${stemId}/audio-conversion-status?format=${format}`
    : `/track/${track.id}/audio-conversion-status?format=${format}`;

async function pollUntilSettled(track: TrackDetails, stemId: string | null, format: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { body } = await call<StatusReply>(live.server, "GET", statusPath(track, stemId, format), { token: owner.token });
    if (body.data.conversionStatus === "COMPLETED" || body.data.conversionStatus === "FAILED") return body.data.conversionStatus;
    await Bun.sleep(100);
  }
  throw new Error("conversion did not settle");
}

/** Downloads a media path to a temporary file for ffmpeg. */
async function download(path: string, name: string): Promise<string> {
  const response = await fetch(`${live.server.url}${path}?attachment`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(response.status).toBe(200);
  const file = join(live.server.dataDir, `download-${name}`);
  await Bun.write(file, await response.arrayBuffer());
  return file;
}

const view = async (track: TrackDetails) => waitForProcessing<TrackDetails>(live.server, owner.token, track.id);

describe("full track", () => {
  test.each(["wav", "flac"] as const)("a module renders to %s through libopenmpt, sample for sample", async (format) => {
    const before = await call<StatusReply>(live.server, "GET", statusPath(moduleTrack, null, format), { token: owner.token });
    expect(before.body).toEqual({
      status: "success",
      data: { conversionStatus: "NOT_STARTED", availableForSeconds: DEFAULT_TTL_SECONDS },
    });
    expect(
      (
        await fetch(`${live.server.url}/api/track/${moduleTrack.id}/full.${format}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).status,
    ).toBe(404);

    const start = await call(live.server, "POST", `/track/${moduleTrack.id}/convert-audio`, {
      token: owner.token,
      body: { type: "full", format },
    });
    expect(start.body).toEqual({ status: "success" });
    expect(await pollUntilSettled(moduleTrack, null, format)).toBe("COMPLETED");

    const track = await view(moduleTrack);
    const url = format === "wav" ? track.fullTrackWavUrl : track.fullTrackFlacUrl;
    expect(format === "wav" ? track.wavConversionStatus : track.flacConversionStatus).toBe("COMPLETED");
    expect(url).toBe(`/api/track/${moduleTrack.id}/full.${format}`);
    const derived = await decodedSampleCount(await download(url as string, `module.${format}`));
    const reference = await decodedSampleCount(join(CORPUS, MODULE), "libopenmpt");
    expect(derived.codec).toBe(format === "wav" ? "pcm_s16le" : "flac");
    expect(derived.samples).toBe(reference.samples);
    expect(derived.samples).toBeGreaterThan(0);
  });

  test("a WAV original is its own WAV download: COMPLETED at once, no job", async () => {
    const { body } = await call<StatusReply>(live.server, "GET", statusPath(stemTrack, null, "wav"), { token: owner.token });
    expect(body.data.conversionStatus).toBe("COMPLETED");
    expect((await view(stemTrack)).fullTrackWavUrl).toBe(`/api/track/${stemTrack.id}/full.wav`);
  });

  test("a WAV original converts to FLAC with every sample", async () => {
    await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, {
      token: owner.token,
      body: { type: "full", format: "flac" },
    });
    expect(await pollUntilSettled(stemTrack, null, "flac")).toBe("COMPLETED");
    const url = (await view(stemTrack)).fullTrackFlacUrl as string;
    expect(await decodedSampleCount(await download(url, "full.flac"))).toEqual({ samples: STEM_SAMPLES, codec: "flac" });
  });

  test("asking again while it runs answers in_progress; once done, success without a new run", async () => {
    const vocals = stemTrack.stems.find((stem) => stem.name === "Vocals")?.id as string;
    const started = await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, {
      token: owner.token,
      body: { type: "stem", stemId: vocals, format: "wav" },
    });
    expect(started.body).toEqual({ status: "success" });
    const again = await call<{ status: string }>(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, {
      token: owner.token,
      body: { type: "stem", stemId: vocals, format: "wav" },
    });
    const now = await call<StatusReply>(live.server, "GET", statusPath(stemTrack, vocals, "wav"), { token: owner.token });
    // Either still running (in_progress) or already finished (success with COMPLETED): never a second start.
    if (again.body.status === "in_progress") expect(["IN_PROGRESS", "COMPLETED"]).toContain(now.body.data.conversionStatus);
    else expect(now.body.data.conversionStatus).toBe("COMPLETED");
    expect(await pollUntilSettled(stemTrack, vocals, "wav")).toBe("COMPLETED");
  });
});

describe("bit depth", () => {
  /** A 1-second tone written by ffmpeg with `codec`, as a file under the server's temp folder. */
  function makeOriginal(codec: string, extension: "wav" | "flac"): string {
    const path = join(live.server.dataDir, "..", `depth-${crypto.randomUUID()}.${extension}`);
    const made = Bun.spawnSync([
      "ffmpeg",
      ...["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=48000"],
      ...(extension === "flac" ? ["-c:a", "flac", "-sample_fmt", codec] : ["-c:a", codec]),
      path,
    ]);
    if (made.exitCode !== 0) throw new Error(String(made.stderr));
    return path;
  }
  /** codec_name and bits_per_raw_sample (FLAC) of a downloaded derivative, as ffprobe reads them. */
  function depthOf(path: string): string {
    const probed = Bun.spawnSync([
      ...["ffprobe", "-v", "error", "-select_streams", "a:0"],
      ...["-show_entries", "stream=codec_name,bits_per_raw_sample", "-of", "csv=p=0", path],
    ]);
    return probed.stdout.toString().trim();
  }

  test.each([
    ["a 24-bit WAV", "flac", "pcm_s24le", "wav", "flac,24"],
    ["a 16-bit WAV", "flac", "pcm_s16le", "wav", "flac,16"],
    ["a 24-bit FLAC", "wav", "s32", "flac", "pcm_s24le,24"],
    ["a 32-bit float WAV", "flac", "pcm_f32le", "wav", "flac,24"],
  ] as const)("%s keeps its depth in its %s derivative", async (_, format, codec, extension, expected) => {
    const path = makeOriginal(codec, extension);
    const track = await uploadTrack(live.server, owner, { original: path, originalFormat: extension });
    await call(live.server, "POST", `/track/${track.id}/convert-audio`, { token: owner.token, body: { type: "full", format } });
    expect(await pollUntilSettled(track, null, format)).toBe("COMPLETED");
    const url = (await view(track))[format === "wav" ? "fullTrackWavUrl" : "fullTrackFlacUrl"] as string;
    expect(depthOf(await download(url, `depth-${crypto.randomUUID()}.${format}`))).toBe(expected);
  });
});

test("a conversion may start while the upload is still processing", async () => {
  const id = await startUpload(live.server, owner, { original: "real-modules/high-score.mod", originalFormat: "mod" });
  const start = await call(live.server, "POST", `/track/${id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "flac" },
  });
  expect(start.body).toEqual({ status: "success" });
  const track = await waitForProcessing<TrackDetails>(live.server, owner.token, id);
  expect(await pollUntilSettled(track, null, "flac")).toBe("COMPLETED");
});

describe("stems", () => {
  test("a WAV stem is its own WAV download, listed on the track at once", async () => {
    const bass = stemTrack.stems.find((stem) => stem.name === "Bass")?.id as string;
    const reply = await call(live.server, "GET", statusPath(stemTrack, bass, "wav"), { token: owner.token });
    expect(reply.body).toEqual({
      status: "success",
      data: { conversionStatus: "COMPLETED", availableForSeconds: DEFAULT_TTL_SECONDS },
    });
    expect(stemTrack.stems.find((stem) => stem.id === bass)?.wavUrl).toBe(`/api/track/${stemTrack.id}/stem/${bass}.wav`);
  });

  test.each([
    ["Bass", "flac", "flac"],
    ["Vocals", "wav", "pcm_s16le"],
  ])("the %s stem converts to %s with all 1,323,000 samples", async (name, format, codec) => {
    const stemId = stemTrack.stems.find((stem) => stem.name === name)?.id as string;
    await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, {
      token: owner.token,
      body: { type: "stem", stemId, format },
    });
    expect(await pollUntilSettled(stemTrack, stemId, format)).toBe("COMPLETED");
    const stem = (await view(stemTrack)).stems.find((s) => s.id === stemId);
    const url = (format === "wav" ? stem?.wavUrl : stem?.flacUrl) as string;
    expect(url).toBe(`/api/track/${stemTrack.id}/stem/${stemId}.${format}`);
    expect(await decodedSampleCount(await download(url, `${name}.${format}`))).toEqual({ samples: STEM_SAMPLES, codec });
  });
});

describe("validation and access", () => {
  test.each([
    [{ type: "full", format: "ogg" }, 400, "format must be wav or flac"],
    [{ type: "whole", format: "wav" }, 400, "type must be full or stem"],
    [{ type: "stem", format: "wav" }, 400, "stemId is required for a stem conversion"],
    [{ type: "stem", stemId: "no-such-stem", format: "wav" }, 404, "Stem not found"],
  ])("%p answers %d", async (body, status, message) => {
    const res = await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, { token: owner.token, body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
  });

  test.each(["?format=mp3", ""])("status with format %p is 400", async (query) => {
    const res = await call(live.server, "GET", `/track/${stemTrack.id}/audio-conversion-status${query}`, { token: owner.token });
    expect(res.status).toBe(400);
  });

  test.each([[{ type: "full" }], [{ format: "wav" }]])("a start without type or format (%p) is 400", async (body) => {
    const res = await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, { token: owner.token, body });
    expect(res.status).toBe(400);
  });

  test("a visitor may not start a conversion, even of a public track (401), but may read its status", async () => {
    const tiny = await uploadTiny(live.server, owner);
    const body = { type: "full", format: "flac" };
    const visitor = await call(live.server, "POST", `/track/${tiny}/convert-audio`, { body });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: "Authentication required" });
    const badToken = await call(live.server, "POST", `/track/${tiny}/convert-audio`, { token: "not-a-token", body });
    expect(badToken.status).toBe(401);
    const stem = { type: "stem", stemId: stemTrack.stems[0]?.id, format: "flac" };
    expect((await call(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, { body: stem })).status).toBe(401);
    // Nothing was started: the public track's FLAC is still NOT_STARTED, and the visitor may read that.
    const status = await call<StatusReply>(live.server, "GET", `/track/${tiny}/audio-conversion-status?format=flac`);
    expect(status.body).toEqual({
      status: "success",
      data: { conversionStatus: "NOT_STARTED", availableForSeconds: DEFAULT_TTL_SECONDS },
    });
  });

  test("a signed-in user who is not the owner may start a public track's conversion; nobody else sees a private track's", async () => {
    const body = { type: "full", format: "wav" };
    // The public track's original is WAV, so its WAV is ready at once and nothing else in this file changes.
    const stranger = await call<{ status: string }>(live.server, "POST", `/track/${stemTrack.id}/convert-audio`, {
      token: other.token,
      body,
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body.status).toBe("success");
    expect((await call(live.server, "POST", `/track/${moduleTrack.id}/convert-audio`, { body })).status).toBe(401);
    expect((await call(live.server, "POST", `/track/${moduleTrack.id}/convert-audio`, { token: other.token, body })).status).toBe(
      404,
    );
    expect((await call(live.server, "GET", statusPath(moduleTrack, null, "wav"), { token: other.token })).status).toBe(404);
    expect((await call(live.server, "GET", statusPath(moduleTrack, null, "wav"))).status).toBe(404);
  });
});
