/**
 * Issue 37: "Fork with this mix" must sound like the mixer. The same settings (a mono and a stereo stem and another
 * mono one; centre, hard and intermediate pans, faders, solo and mute) are rendered by the mixer's own graph in an
 * OfflineAudioContext in Chromium (mix-level-probe.ts) and by the server, as "Download this mix" (WAV) and as a fork's
 * full track; each channel's level must agree within 0.1 dB. Both sides read the stems' original files, so what is
 * compared is the pan law and the gain staging alone (the MP3s the mixer streams read about 0.27 dB under their
 * sources on a tone, and the server's MP3 alike).
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { TrackDetails } from "../../../modules/tracks/model";
import { call, type Session, signUp } from "../../support/api";
import { setUpServerAndBrowser } from "../../support/lifecycle";
import { channelLevelsDb, decodeStereo, SILENT_DB } from "../../support/mix-levels";
import { type ToneStem, uploadToneTrack } from "../../support/tone-stems";
import { waitForProcessing } from "../../support/uploads";
import type { MixerSettings } from "./mix-level-probe";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let owner: Session;
let listener: Session;
let track: TrackDetails;
let page: Page;

const idOf = (name: ToneStem) => track.stems.find((stem) => stem.name === name)?.id as string;

/** Settings by stem name, as the test states them; the probe takes them by id. */
type Named = { levels?: Partial<Record<ToneStem, { gainDb: number; pan: number }>>; soloed?: ToneStem[]; muted?: ToneStem[] };
const byId = (named: Named): MixerSettings => ({
  levels: Object.fromEntries(Object.entries(named.levels ?? {}).map(([name, level]) => [idOf(name as ToneStem), level])),
  soloed: (named.soloed ?? []).map(idOf),
  muted: (named.muted ?? []).map(idOf),
});

const CASES: [string, Named][] = [
  ["the issue's case: the mono stem soloed and panned hard left", { levels: { Tone: { gainDb: 0, pan: -1 } }, soloed: ["Tone"] }],
  ["every stem at unity, centred", {}],
  [
    "hard pans both ways, a stem muted",
    { levels: { Tone: { gainDb: 0, pan: 1 }, Wide: { gainDb: 0, pan: -1 } }, muted: ["Hum"] },
  ],
  [
    "faders and intermediate pans on mono and stereo stems",
    { levels: { Tone: { gainDb: -6, pan: -0.3 }, Wide: { gainDb: 3, pan: 0.55 }, Hum: { gainDb: -12, pan: 0.8 } } },
  ],
  [
    "two stems soloed, one of them also muted; the third muted and unheard",
    {
      levels: { Wide: { gainDb: 0, pan: 0.25 }, Hum: { gainDb: -3, pan: -0.65 } },
      soloed: ["Wide", "Hum"],
      muted: ["Hum", "Tone"],
    },
  ],
];

/** Both sides' levels agree within 0.1 dB per channel; a channel silent on one side is silent on the other. */
function expectSameLevels(server: number[], mixer: number[]) {
  for (const side of [0, 1]) {
    const [ours, heard] = [server[side] as number, mixer[side] as number];
    if (heard < SILENT_DB) expect(ours).toBeLessThan(SILENT_DB);
    else expect(Math.abs(ours - heard)).toBeLessThan(0.1);
  }
}

async function mixerRender(settings: MixerSettings) {
  const stems = track.stems.map((stem) => ({ id: stem.id, url: stem.wavUrl as string }));
  return page.evaluate(([stems, settings]) => window.renderInMixer(stems, settings), [stems, settings] as const);
}

declare global {
  interface Window {
    renderInMixer: (
      stems: { id: string; url: string }[],
      settings: MixerSettings,
    ) => Promise<{ levels: number[]; mix: { stemId: string; gainDb: number; pan: number; muted: boolean }[] }>;
  }
}

beforeAll(async () => {
  owner = await signUp(live.server);
  listener = await signUp(live.server);
  track = await uploadToneTrack(live.server, owner.token);
  expect(track.stems.every((stem) => stem.wavUrl)).toBe(true);
  ({ page } = await live.openPage(`/track/${track.id}`, null));
  const probe = await Bun.build({ entrypoints: [join(import.meta.dir, "mix-level-probe.ts")], target: "browser" });
  await page.addScriptTag({ content: await (probe.outputs[0] as Blob).text() });
});

describe("the mixer and the server render one mix alike", () => {
  for (const [name, named] of CASES)
    test(`${name}: "Download this mix" within 0.1 dB per channel`, async () => {
      const heard = await mixerRender(byId(named));
      const response = await fetch(`${live.server.url}/api/track/${track.id}/mix`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${listener.token}` },
        body: JSON.stringify({ format: "wav", mix: heard.mix }),
      });
      expect(response.status).toBe(200);
      const rendered = channelLevelsDb(decodeStereo(new Uint8Array(await response.arrayBuffer())));
      console.log(name, "mixer", heard.levels, "server", rendered);
      expectSameLevels(rendered, heard.levels);
    });

  test("a fork made with the mix has that mix as its full track, within 0.1 dB per channel", async () => {
    const [, named] = CASES[3] as [string, Named];
    const heard = await mixerRender(byId(named));
    const made = await call<{ id: string }>(live.server, "POST", `/track/${track.id}/fork`, {
      token: listener.token,
      body: { title: "Night mix", mix: heard.mix },
    });
    expect(made.status).toBe(201);
    await waitForProcessing(live.server, listener.token, made.body.id);
    const original = await fetch(`${live.server.url}/api/track/${made.body.id}/original`, {
      headers: { authorization: `Bearer ${listener.token}` },
    });
    expect(original.status).toBe(200);
    expectSameLevels(channelLevelsDb(decodeStereo(new Uint8Array(await original.arrayBuffer()))), heard.levels);
  });
});
