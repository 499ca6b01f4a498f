/**
 * The fork owner's studio: stems added (MP3 too, fitted to the track's length), edited with a new
 * file, the audio replaced; bad files get the upload's checks; changes that do not fit the quota are
 * refused with nothing changed; WAV/FLAC conversions of what changed are invalidated.
 */
import { describe, expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { drumsAndBassTrack, STEMS, setUpStudio, stemPath, studioForm } from "../../tests/support/studio";
import { corpusPath } from "../../tests/support/uploads";

// The fork costs nothing (it shares its original's files): a 180 s upload of the forker's own fills their 250 s so
// that one more 60 s stem fits and a second one does not.
const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "250" } });
let filler: string;
const { cast, fork, asForker } = setUpStudio(live);
const used = async () =>
  (await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", { token: cast.forker.token })).body
    .currentUsedQuotaSeconds;
const bytesOf = async (path: string) =>
  new Uint8Array(
    await (
      await fetch(`${live.server.url}/api${path}`, { headers: { authorization: `Bearer ${cast.forker.token}` } })
    ).arrayBuffer(),
  );

async function conversion(target: string, format: string): Promise<string> {
  const statusPath = target === "full" ? `/track/${cast.forkId}` : `/track/${cast.forkId}/stem/${target}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const res = await call<{ data: { conversionStatus: string } }>(
      live.server,
      "GET",
      `${statusPath}/audio-conversion-status?format=${format}`,
      { token: cast.forker.token },
    );
    if (res.body.data.conversionStatus !== "IN_PROGRESS") return res.body.data.conversionStatus;
    await Bun.sleep(100);
  }
  throw new Error("conversion never finished");
}

describe("bad files and refusals change nothing", () => {
  test("each gets the upload's check or the SPEC message, and the track, stems and quota stay as they were", async () => {
    const before = await fork();
    const usedBefore = await used();
    const png = Bun.file(corpusPath("images/matplotlib-grace_hopper.jpg"));
    const cases: Array<[Promise<{ status: number; body: { message: string } }>, number, string]> = [
      [asForker.addStem(studioForm("stemFile", undefined, { name: "Empty" })), 400, "Please select an audio file for the stem."],
      [asForker.addStem(studioForm("stemFile", stemPath("synth"), {})), 400, "Stem name is required"],
      [
        asForker.addStem(studioForm("stemFile", [png, "art.ogg"], { name: "Ogg" })),
        400,
        "Stem files must be .mp3, .wav or .flac",
      ],
      [asForker.addStem(studioForm("stemFile", [png, "art.wav"], { name: "Fake" })), 400, 'Stem "Fake" is not a valid WAV file'],
      [asForker.addStem(studioForm("stemFile", [png, "art.mp3"], { name: "Fake" })), 400, 'Stem "Fake" is not a valid MP3 file'],
      [
        asForker.addStem(
          studioForm("stemFile", `${STEMS.replace("Nova Drift", "variants/MISMATCH")} - vocals (0.5 s short).flac`, {
            name: "Short",
          }),
        ),
        400,
        'Stem "Short" must have the same length and sample rate as the track (it is 0.50 s shorter)',
      ],
      [
        asForker.addStem(studioForm("stemFile", "stems/variants/MISMATCH - Undertow - vocals (16000 Hz).flac", { name: "Rate" })),
        400,
        'Stem "Rate" must have the same length and sample rate as the track (it is at 16000 Hz, the original at 22050 Hz)',
      ],
      [
        asForker.replaceAudio(studioForm("original", "stems/variants/Nova Drift - Undertow - bass.mp3")),
        400,
        "Only WAV and FLAC files are supported for track audio replacement.",
      ],
      [
        asForker.replaceAudio(studioForm("original", [png, "cover.mp3"])),
        400,
        "Only WAV and FLAC files are supported for track audio replacement.",
      ],
      [asForker.replaceAudio(studioForm("original", [png, "cover.flac"])), 400, "Audio file is not a valid FLAC file"],
      [asForker.replaceAudio(studioForm("original")), 400, "Audio file is required"],
      [
        asForker.replaceAudio(studioForm("original", "stems/variants/MISMATCH - Undertow - vocals (0.5 s short).flac")),
        400,
        "Audio file must have the same length and sample rate as the track (it is 0.50 s shorter)",
      ],
      [
        asForker.replaceAudio(studioForm("original", [new Blob([new Uint8Array(51 * 1024 * 1024)]), "big.wav"])),
        413,
        "The upload is larger than the 50.0 MB limit",
      ],
    ];
    for (const [index, [reply, status, message]] of cases.entries()) {
      const res = await reply;
      expect(res.status, `case ${index}`).toBe(status);
      if (message) expect(res.body.message, `case ${index}`).toBe(message);
    }
    const after = await fork();
    expect(after.stems).toEqual(before.stems);
    expect([after.waveformData, after.originalUrl, after.duration]).toEqual([
      before.waveformData,
      before.originalUrl,
      before.duration,
    ]);
    expect(await used()).toBe(usedBefore);
  }, 60_000);
});

describe("changes", () => {
  test("an MP3 stem is added at the track's exact length, charged, and gets its MP3; one more does not fit", async () => {
    filler = await drumsAndBassTrack(live.server, cast.forker.token);
    const usedBefore = await used();
    expect(usedBefore).toBeCloseTo(180, 3);
    const res = await asForker.addStem(
      studioForm("stemFile", "stems/variants/Nova Drift - Undertow - bass.mp3", { name: "Bass MP3", type: "bass" }),
    );
    expect(res.status).toBe(201);
    const track = await asForker.waitReady();
    const stem = track.stems.find((s) => s.id === res.body.id);
    expect(stem).toMatchObject({ name: "Bass MP3", type: "bass", duration: 60 });
    expect(stem?.waveformData?.length).toBeGreaterThan(0);
    expect((await bytesOf(`${stem?.mp3Url}`.replace(/^\/api/, ""))).byteLength).toBeGreaterThan(10_000);
    expect(await used()).toBeCloseTo(usedBefore + 60, 3);

    const refused = await asForker.addStem(studioForm("stemFile", stemPath("synth"), { name: "Synth" }));
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe("This stem needs 1m 0s of storage but only 10s of your 4m 10s quota is left");
    expect((await fork()).stems).toHaveLength(3);
    expect(await used()).toBeCloseTo(usedBefore + 60, 3);
  }, 60_000);

  test("a stem edited with a new file loses its cached FLAC; the old file stays for the original that shares it", async () => {
    // Room for this change and the next: new audio on a fork costs its seconds (modules/studio/charges.ts).
    const freed = await call(live.server, "DELETE", "/tracks", { token: cast.forker.token, body: { trackIds: [filler] } });
    expect(freed.status).toBe(200);
    const stem = (await fork()).stems[0] as TrackJson["stems"][number] & { id: string };
    await call(live.server, "POST", `/track/${cast.forkId}/convert-audio`, {
      token: cast.forker.token,
      body: { type: "stem", stemId: stem.id, format: "flac" },
    });
    expect(await conversion(stem.id, "flac")).toBe("COMPLETED");
    const oldMp3 = await bytesOf(`${stem.mp3Url}`.replace(/^\/api/, ""));

    const res = await asForker.editStem(stem.id as string, studioForm("stemFile", stemPath("vocals"), { name: "Vox" }));
    expect(res.status).toBe(200);
    expect(await conversion(stem.id as string, "flac")).toBe("NOT_STARTED");
    const track = await asForker.waitReady();
    const edited = track.stems.find((s) => s.id === stem.id);
    expect(edited).toMatchObject({ name: "Vox", flacUrl: null });
    expect(edited?.waveformData).not.toEqual(stem.waveformData);
    expect(await bytesOf(`${edited?.mp3Url}`.replace(/^\/api/, ""))).not.toEqual(oldMp3);
    // The original's bass stem still plays its own file.
    const original = (await call<TrackJson>(live.server, "GET", `/track/${track.forkedFromId}`)).body;
    expect(await bytesOf(`${original.stems[0]?.mp3Url}`.replace(/^\/api/, ""))).toEqual(oldMp3);
  }, 60_000);

  test("the audio replaced: new waveform and MP3, the full track's cached WAV/FLAC invalidated, the original untouched", async () => {
    const before = await fork();
    await call(live.server, "POST", `/track/${cast.forkId}/convert-audio`, {
      token: cast.forker.token,
      body: { type: "full", format: "flac" },
    });
    expect(await conversion("full", "flac")).toBe("COMPLETED");
    const oldMp3 = await bytesOf(`/track/${cast.forkId}/full.mp3`);

    const vocals = "stems/variants/Nova Drift - Undertow - vocals.flac";
    const res = await asForker.replaceAudio(studioForm("original", vocals));
    expect(res.status).toBe(200);
    const after = await asForker.waitReady();
    expect(after.waveformData).not.toEqual(before.waveformData);
    expect(after.duration).toBe(60);
    expect(after.originalFormat).toBe("flac");
    // The FLAC download is now the new original itself, not the old derivative.
    expect(await bytesOf(`/track/${cast.forkId}/full.flac`)).toEqual(await Bun.file(corpusPath(vocals)).bytes());
    expect(await bytesOf(`/track/${cast.forkId}/full.mp3`)).not.toEqual(oldMp3);
    expect(await bytesOf(`/track/${after.forkedFromId}/full.mp3`)).toEqual(oldMp3);
  }, 60_000);

  test("the last stem cannot be removed", async () => {
    const stems = (await fork()).stems;
    for (const stem of stems.slice(1)) {
      expect((await asForker.removeStem(stem.id as string)).status).toBe(200);
      await asForker.waitReady();
    }
    const last = await asForker.removeStem(stems[0]?.id as string);
    expect([last.status, last.body.message]).toEqual([
      400,
      "The last stem cannot be removed: the track's mix is made from its stems",
    ]);
  }, 90_000);
});
