import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { eventually } from "../../tests/support/eventually";
import { generateAudio } from "../../tests/support/generated-audio";
import { setUpServer } from "../../tests/support/lifecycle";
import { replaceStored } from "../../tests/support/stored-files";
import { upload, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

/**
 * Each track's and stem's EBU R128 loudness and true peak come with the track JSON, measured at processing; audio
 * processed before true peaks were measured is measured again by a job queued at boot.
 */
const live = setUpServer();
let owner: Session;
const folder = mkdtempSync(join(tmpdir(), "stemma-loudness-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The peak amplitudes: the quiet one is the loud one 9 dB down. */
const LOUD = 0.5;
const QUIET = LOUD * 10 ** (-9 / 20);
const dbfs = (amplitude: number) => 20 * Math.log10(amplitude);

/** A 4 s stereo WAV of a 1 kHz sine at peak `amplitude` (a sine's true peak is its sample peak). */
function sineWav(name: string, amplitude: number): string {
  const path = join(folder, name);
  const bytes = generateAudio(`aevalsrc=${amplitude}*sin(2*PI*1000*t):s=48000:d=4:c=stereo`, ["-c:a", "pcm_s16le", "-f", "wav"]);
  writeFileSync(path, bytes);
  return path;
}

async function uploadSine(title: string, amplitude: number, stemAmplitude: number): Promise<TrackDetails> {
  const res = await upload(live.server, owner, {
    original: sineWav(`${title}.wav`, amplitude),
    stems: [{ path: sineWav(`${title}-stem.wav`, stemAmplitude), name: "Sine", type: "other" }],
    data: { title },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitForProcessing(live.server, owner.token, res.body.track.id);
}

const trackOf = async (id: string) => (await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;

let loud: TrackDetails;
let quiet: TrackDetails;
beforeAll(async () => {
  owner = await signUp(live.server);
  [loud, quiet] = await Promise.all([uploadSine("Loud", LOUD, QUIET), uploadSine("Quiet", QUIET, LOUD)]);
}, 120_000);

test("processing measures the loudness and true peak of the original and of every stem", () => {
  expect(loud.processingStatus).toBe("READY");
  // The same sine 9 dB down is 9 LU quieter, and its true peak is its amplitude in dBFS.
  expect((loud.loudnessLufs as number) - (quiet.loudnessLufs as number)).toBeCloseTo(9, 1);
  expect(loud.truePeakDb as number).toBeCloseTo(dbfs(LOUD), 0);
  expect(quiet.truePeakDb as number).toBeCloseTo(dbfs(QUIET), 0);
  const [loudStem] = loud.stems;
  const [quietStem] = quiet.stems;
  expect(loudStem?.truePeakDb as number).toBeCloseTo(dbfs(QUIET), 0);
  expect(quietStem?.truePeakDb as number).toBeCloseTo(dbfs(LOUD), 0);
  expect(quietStem?.loudnessLufs).toBeCloseTo(loud.loudnessLufs as number, 1);
});

describe("audio processed before true peaks were measured", () => {
  test("is measured again after the upgrade's restart; an unreadable file keeps what it had and stops nothing", async () => {
    // As the upgrade finds them: no true peak yet, marked by the migration; the loud track's original is gone.
    for (const table of ["tracks", "stems"]) {
      const column = table === "tracks" ? "id" : "track_id";
      await runSql(
        live.server,
        `update ${table} set true_peak_db = null, loudness_pending = true where ${column} in (?, ?)`,
        loud.id,
        quiet.id,
      );
    }
    await runSql(live.server, "update tracks set loudness_lufs = null where id = ?", quiet.id);
    await replaceStored(live.server, `tracks/${loud.id}/original.wav`, null);
    expect((await trackOf(quiet.id)).truePeakDb).toBeNull();

    await live.restartServer();
    await eventually("the quiet track and its stem are measured again", async () => {
      const track = await trackOf(quiet.id);
      return track.truePeakDb !== null && track.stems[0]?.truePeakDb !== null;
    });
    const measured = await trackOf(quiet.id);
    expect(measured.loudnessLufs as number).toBeCloseTo(quiet.loudnessLufs as number, 1);
    expect(measured.truePeakDb as number).toBeCloseTo(quiet.truePeakDb as number, 1);
    expect(measured.stems[0]?.truePeakDb as number).toBeCloseTo(quiet.stems[0]?.truePeakDb as number, 1);

    // The loud track's stem is measured; its missing original keeps the loudness it had, and its mark goes.
    await eventually("the loud track's mark is cleared", async () => {
      const [row] = await runSql<{ pending: number | boolean }>(
        live.server,
        "select loudness_pending as pending from tracks where id = ?",
        loud.id,
      );
      return !row?.pending;
    });
    const unreadable = await trackOf(loud.id);
    expect(unreadable.loudnessLufs).toBe(loud.loudnessLufs);
    expect(unreadable.truePeakDb).toBeNull();
    expect(unreadable.stems[0]?.truePeakDb as number).toBeCloseTo(loud.stems[0]?.truePeakDb as number, 1);
    expect(live.server.output()).toContain("could not measure the loudness of a stored file");
  }, 120_000);
});
