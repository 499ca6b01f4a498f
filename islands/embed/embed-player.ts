import type WaveSurfer from "wavesurfer.js";
import { startSecondsOf } from "../../src/shared/start-time";
import { decodeWaveform } from "../../src/shared/waveform-code";
import { formatDuration } from "../lib/format";
import { createSurfer } from "../player/create-surfer";
import { matchLoudnessOf } from "../player/loudness-gain";
import { createPlayRecorder } from "../player/play-recorder";

const SEEK_STEP_SECONDS = 5;

/** A measured value the page wrote in a data attribute; absent (not measured) as null. */
const numberOrNull = (value: string | undefined) => (value ? Number(value) : null);
const WAVE_HEIGHT = 48;

/**
 * The embed page's player: the track page's Player without React (the embed's JavaScript budget), over the
 * server-rendered markup of src/pages/embed/track/[id].astro. wavesurfer.js is loaded when the visitor first
 * reaches for the player; plays are recorded as on the site (5 s, the anonymous listener id). `?t=` starts there.
 */
export function startEmbedPlayer(root: HTMLElement): void {
  const { trackId = "", src = "", waveform = "" } = root.dataset;
  const duration = Number(root.dataset.duration);
  const loudness = { loudnessLufs: numberOrNull(root.dataset.loudnessLufs), truePeakDb: numberOrNull(root.dataset.truePeakDb) };
  const player = root.querySelector<HTMLElement>(".embed-player") as HTMLElement;
  const button = player.querySelector<HTMLButtonElement>(".embed-play") as HTMLButtonElement;
  const wave = player.querySelector<HTMLElement>(".embed-wave") as HTMLElement;
  const time = player.querySelector<HTMLElement>(".embed-time") as HTMLElement;
  const start = Math.min(startSecondsOf(new URLSearchParams(location.search).get("t")), Math.floor(duration));
  let position = start;
  let drawn = false;
  let created: Promise<WaveSurfer> | null = null;

  function show(state: "ready" | "playing" | "paused"): void {
    player.dataset.state = state;
    const playing = state === "playing";
    button.setAttribute("aria-label", playing ? "Pause" : "Play");
    button.title = playing ? "Pause" : "Play";
    (button.firstElementChild as HTMLElement).textContent = playing ? "❚❚" : "▶";
  }

  function showPosition(seconds: number): void {
    position = seconds;
    const text = `${formatDuration(seconds)} of ${formatDuration(duration)}`;
    wave.setAttribute("aria-valuenow", String(Math.round(seconds)));
    wave.setAttribute("aria-valuetext", text);
    time.textContent = `${formatDuration(seconds)} / ${formatDuration(duration)}`;
  }

  function surfer(): Promise<WaveSurfer> {
    if (created) return created;
    const media = new Audio();
    media.preload = "none";
    // Matched as on the site ("Match loudness", this browser's choice there too), routed before the source is set.
    const matching = matchLoudnessOf(media, () => loudness);
    media.src = src;
    const container = wave.querySelector<HTMLElement>(".embed-surfer") as HTMLElement;
    created = createSurfer({ container, media, peaks: decodeWaveform(waveform), duration, height: WAVE_HEIGHT }).then(
      (instance) => {
        const recorder = createPlayRecorder({ trackId, playbackSource: "STREAM" });
        if (position > 0) instance.setTime(position);
        instance.on("redrawcomplete", () => {
          drawn = true;
          wave.querySelector(".waveform-svg")?.remove();
        });
        instance.on("play", () => {
          matching?.resume();
          show("playing");
        });
        instance.on("pause", () => {
          recorder.interrupt();
          show("paused");
        });
        instance.on("seeking", () => recorder.interrupt());
        instance.on("timeupdate", (seconds) => {
          showPosition(seconds);
          if (instance.isPlaying()) recorder.progress(seconds);
        });
        return instance;
      },
    );
    return created;
  }

  const seekTo = (seconds: number) =>
    void surfer().then((instance) => instance.setTime(Math.min(duration, Math.max(0, seconds))));

  button.addEventListener("click", () => void surfer().then((instance) => instance.playPause()));
  wave.addEventListener("pointerenter", () => void surfer());
  wave.addEventListener("focus", () => void surfer());
  wave.addEventListener("keydown", (event) => {
    if (event.key === " ") {
      event.preventDefault();
      void surfer().then((instance) => instance.playPause());
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      seekTo(position + (event.key === "ArrowRight" ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
    }
  });
  // Before wavesurfer has drawn, a click on the stored waveform seeks by itself (afterwards wavesurfer handles it).
  wave.addEventListener("click", (event) => {
    if (drawn) return;
    const box = wave.getBoundingClientRect();
    seekTo(((event.clientX - box.left) / box.width) * duration);
  });
  showPosition(start);
  button.disabled = false;
  wave.tabIndex = 0;
  show("ready");
}
