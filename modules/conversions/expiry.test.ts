/** Derivatives expire: with CONVERSION_TTL_SECONDS=3 the sweep deletes the file and resets the status. */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { uploadTrack } from "../../tests/support/test-tracks";
import { waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

const live = setUpServer({ env: { CONVERSION_TTL_SECONDS: "3" } });
let owner: Session;
let track: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  track = await uploadTrack(live.server, owner, {
    original: "real-audio/sound-icons-electric-piano-3-16k.wav",
    originalFormat: "wav",
  });
}, 60_000);

const flacStatus = async () =>
  (
    await call<{ data: { conversionStatus: string } }>(
      live.server,
      "GET",
      `/track/${track.id}/audio-conversion-status?format=flac`,
      {
        token: owner.token,
      },
    )
  ).body.data.conversionStatus;

const storedFlacFiles = async () => (await storedKeys(live.server)).filter((key) => key.endsWith(".flac"));

async function waitForStatus(expected: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if ((await flacStatus()) === expected) return;
    await Bun.sleep(100);
  }
  throw new Error(`status never became ${expected}`);
}

test("the status reply says how long a finished file is kept: CONVERSION_TTL_SECONDS", async () => {
  for (const path of [
    `/track/${track.id}/audio-conversion-status?format=flac`,
    `/track/${track.id}/audio-conversion-status?format=wav`,
  ]) {
    const reply = await call<{ data: { availableForSeconds: number } }>(live.server, "GET", path, { token: owner.token });
    expect([reply.status, reply.body.data.availableForSeconds]).toEqual([200, 3]);
  }
});

test("an expired derivative is deleted and its status is NOT_STARTED again; it can be made anew", async () => {
  await call(live.server, "POST", `/track/${track.id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "flac" },
  });
  await waitForStatus("COMPLETED");
  expect(await storedFlacFiles()).toHaveLength(1);

  await waitForStatus("NOT_STARTED");
  const view = await waitForProcessing<TrackDetails>(live.server, owner.token, track.id);
  expect(view.flacConversionStatus).toBe("NOT_STARTED");
  expect(view.fullTrackFlacUrl).toBeNull();
  expect(
    (await fetch(`${live.server.url}/api/track/${track.id}/full.flac`, { headers: { authorization: `Bearer ${owner.token}` } }))
      .status,
  ).toBe(404);
  expect(await storedFlacFiles()).toHaveLength(0);

  await call(live.server, "POST", `/track/${track.id}/convert-audio`, {
    token: owner.token,
    body: { type: "full", format: "flac" },
  });
  await waitForStatus("COMPLETED");
}, 60_000);
