/**
 * Browser-side probe for the mix level test: renders stems through the mixer's own code (StemSyncEngine and its
 * MixGraph, solo and mute resolved by solo-mute.ts, the mix a fork or download gets from forkMix) in an
 * OfflineAudioContext, and measures each channel as the server's render is measured (tests/support/mix-levels.ts).
 * Bundled by the test with Bun.build and injected.
 */

import { forkMix, type StemLevel, UNITY_LEVEL } from "../../../islands/player/mix-levels";
import { audibleStems } from "../../../islands/player/solo-mute";
import { StemSyncEngine } from "../../../islands/player/sync-engine";
import type { StemMix } from "../../../modules/forks/model";
import { TONE_RATE, TONE_SECONDS, windowLevelDb } from "../../support/mix-levels";

/** What a musician set in the mixer, by stem id: faders and pans, and the stems soloed and muted. */
export interface MixerSettings {
  levels: Record<string, StemLevel>;
  soloed: string[];
  muted: string[];
}

async function renderInMixer(stems: { id: string; url: string }[], settings: MixerSettings) {
  const context = new OfflineAudioContext(2, TONE_RATE * TONE_SECONDS, TONE_RATE);
  const engine = new StemSyncEngine(
    context,
    stems.map((stem) => ({ ...stem, duration: TONE_SECONDS })),
    TONE_SECONDS,
  );
  await engine.load();
  const ids = stems.map((stem) => stem.id);
  const [soloed, muted] = [new Set(settings.soloed), new Set(settings.muted)];
  const audible = audibleStems(ids, soloed, muted);
  // As SyncedStems applies them, through the same MixGraph calls.
  for (const id of ids) {
    engine.mix.setAudible(id, audible.has(id));
    engine.mix.setLevel(id, settings.levels[id] ?? UNITY_LEVEL);
  }
  engine.play(0, 0);
  const rendered = await context.startRendering();
  const mix: StemMix[] = forkMix(ids, new Map(Object.entries(settings.levels)), soloed, muted);
  return { levels: [windowLevelDb(rendered.getChannelData(0)), windowLevelDb(rendered.getChannelData(1))], mix };
}

(window as unknown as { renderInMixer: typeof renderInMixer }).renderInMixer = renderInMixer;
