/** After the counting window (PLAY_COUNT_WINDOW_SECONDS, an hour by default) the same listener counts again. */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";

const WINDOW_SECONDS = 2;
const live = setUpServer({ env: { PLAY_COUNT_WINDOW_SECONDS: String(WINDOW_SECONDS) } });
let owner: Session;
let track: TrackDetails;

beforeAll(async () => {
  owner = await signUp(live.server);
  track = await uploadTrack(live.server, owner, {
    original: "real-audio/sound-icons-electric-piano-3-16k.wav",
    originalFormat: "wav",
  });
}, 60_000);

test("a listener's next play counts once the window has passed", async () => {
  const body = { eventType: "PLAY", playbackSource: "STREAM", duration: 6 };
  const first = await call(live.server, "POST", `/track/${track.id}/usage`, { token: owner.token, body });
  expect(first.body).toEqual({ counted: true });
  await Bun.sleep(WINDOW_SECONDS * 1000 + 100);
  const later = await call(live.server, "POST", `/track/${track.id}/usage`, { token: owner.token, body });
  expect(later.body).toEqual({ counted: true });
  expect((await call<TrackDetails>(live.server, "GET", `/track/${track.id}`, { token: owner.token })).body.totalPlays).toBe(2);
});
