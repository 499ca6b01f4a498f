import { type MeasuredLoudness, matchGainDb } from "../../src/shared/loudness";
import { $matchLoudness } from "./loudness-preference";
import { dbToGain } from "./mix-levels";

/** A loudness change glides over this time constant: immediate to the ear, without the click of a jump. */
const GLIDE_SECONDS = 0.01;

/** One context for every single player of the page (a card list has dozens), made on the first one's need. */
let shared: AudioContext | null = null;

export interface LoudnessMatching {
  /** Sets the gain again, from the measured loudness as it is now. */
  rematch(): void;
  /** A context made outside a click starts suspended: resumed as playback starts, inside the click's activation. */
  resume(): void;
  /** The element is gone (its player left the page): its gain leaves the graph, its listener the preference. */
  stop(): void;
}

/**
 * Routes a player's media element through one gain to the speakers and keeps that gain at the loudness match while
 * "Match loudness" is on (0 dB while it is off), reading `measured` each time. Loaded with the player's other code on
 * first use. Call it before the element's source is set: its `crossOrigin` goes first, so a bucket's CORS rule
 * (docs/operating.md, "Object storage") lets the audio into the graph rather than silence. Where Web Audio is missing
 * or refuses the element (iOS Safari in a background tab), the element plays as it is, unmatched rather than silent,
 * and this answers null.
 */
export function matchLoudnessOf(media: HTMLAudioElement, measured: () => MeasuredLoudness | undefined): LoudnessMatching | null {
  if (typeof AudioContext === "undefined") return null;
  let context: AudioContext;
  let gain: GainNode;
  try {
    shared ??= new AudioContext({ latencyHint: "playback" });
    context = shared;
    media.crossOrigin = "anonymous";
    gain = context.createGain();
    context.createMediaElementSource(media).connect(gain).connect(context.destination);
  } catch (error) {
    media.removeAttribute("crossorigin");
    console.warn("This player plays unmatched: the browser could not route it through Web Audio", error);
    return null;
  }
  const rematch = () => {
    const loudness = measured();
    const db = $matchLoudness.get() && loudness ? matchGainDb(loudness) : 0;
    gain.gain.setTargetAtTime(dbToGain(db), context.currentTime, GLIDE_SECONDS);
  };
  rematch();
  const stopListening = $matchLoudness.listen(rematch);
  return {
    rematch,
    resume: () => {
      if (context.state === "suspended") void context.resume();
    },
    stop: () => {
      stopListening();
      gain.disconnect();
    },
  };
}
