import type { MeasuredLoudness } from "../../src/shared/loudness";
import { showToast } from "../lib/toasts";
import { type LoudnessMatching, matchLoudnessOf } from "./loudness-gain";
import { claimMediaSession, setMediaSessionState } from "./media-session";
import { mediaUrl } from "./media-url";
import {
  $autoplay,
  $history,
  $nowPlaying,
  $playback,
  $queue,
  $queueSource,
  $repeat,
  $shuffle,
  $volume,
  type PlayItem,
  type QueueSource,
  rememberPlaying,
  rememberVolume,
} from "./now-playing";
import { createPlayRecorder } from "./play-recorder";
import { $positions } from "./seek";

/**
 * The one playback of the site (issue 40 A, SPEC §4: one track plays at a time). Whatever island starts an item hands
 * it here; the audio belongs to this module, not to the island, so it plays on across client-side navigations (the
 * client router keeps this page's scripts) while islands come and go around it. Loaded on first use.
 */

/** What plays the item: the one media element for a single track, or a synced set of stems' own clock. */
export interface Transport {
  readonly playing: boolean;
  readonly position: number;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  /** It is no longer what plays: it stops, and a set of stems whose page has gone lets its decoded audio go. */
  release(): void;
}

/** SPEC §4: a synced set's cursor follows its clock at most every 50 ms. */
const FOLLOW_EVERY_MS = 50;
/** How often the position is kept while playing, for a reload or a crash to resume near it. */
const REMEMBER_EVERY_MS = 5_000;
/** Previous goes back to the start of the item once this far in, else to the item before (issue 40 B). */
const RESTART_AFTER_SECONDS = 3;
/** The queue reads on from its list when this few items are left. */
const READ_AHEAD = 2;

let element: HTMLAudioElement | null = null;
let loudness: LoudnessMatching | null = null;
let transport: Transport | null = null;
let recorder: ReturnType<typeof createPlayRecorder> | null = null;
/** The timer that reads a synced set's clock while it plays. */
let clock: ReturnType<typeof setInterval> | undefined;
let lastRemembered = 0;
/** Counts play requests: one made while another waited for its signed address makes that one stand down. */
let requests = 0;
/** Whether the current single track has been heard since it started: an error before that means it cannot be had. */
let heardCurrent = false;
/** Whether the current item played to its end (and nothing followed): what is queued then starts by itself. */
let endedCurrent = false;

/** The element every single track plays through, made on first need; players' waveforms draw from it. */
export function mediaElement(): HTMLAudioElement {
  if (element) return element;
  const media = new Audio();
  media.preload = "auto";
  // Before any source: the loudness match routes it through Web Audio, which sets its CORS mode first.
  loudness = matchLoudnessOf(media, () => $nowPlaying.get()?.loudness);
  media.volume = $volume.get();
  const ours = () => transport === mediaTransport;
  media.addEventListener("timeupdate", () => ours() && follow(media.currentTime));
  media.addEventListener("playing", () => {
    if (!ours()) return;
    heardCurrent = true;
    showState("playing");
  });
  media.addEventListener("waiting", () => ours() && showState("loading"));
  media.addEventListener("pause", () => ours() && showState("paused"));
  media.addEventListener("seeking", () => ours() && recorder?.interrupt());
  media.addEventListener("ended", () => ours() && finished());
  // Before it was heard, the item's audio cannot be had: a track made private or deleted while it waited in the queue
  // (its address now answers 404), or a dead link. Skipped with a note, never played. After (the network went, a
  // private track's token ran out while paused) it stops where it was; Play loads it again, signed anew.
  media.addEventListener("error", () => {
    if (!ours() || !media.src) return;
    if (!heardCurrent) return skipUnavailable();
    showState("paused");
    showToast({ type: "warning", title: "Playback stopped", message: "The audio could not be loaded. Press Play to try again." });
  });
  element = media;
  return media;
}

const mediaTransport: Transport = {
  get playing() {
    return element !== null && !element.paused && !element.ended;
  },
  get position() {
    return element?.currentTime ?? 0;
  },
  play() {
    loudness?.resume();
    mediaElement()
      .play()
      .catch((error: unknown) => {
        // Another play or a pause cut this one short: nothing to tell.
        if (error instanceof DOMException && error.name === "AbortError") return;
        console.warn("Could not play", error);
        showState("paused");
      });
  },
  pause: () => element?.pause(),
  seek(seconds) {
    mediaElement().currentTime = seconds;
  },
  setVolume(volume) {
    mediaElement().volume = volume;
  },
  release: () => element?.pause(),
};

function showState(state: "loading" | "playing" | "paused"): void {
  if (state !== "playing") recorder?.interrupt();
  $playback.setKey("state", state);
  setMediaSessionState(state === "paused" ? "paused" : "playing");
  if (state === "paused") rememberPlaying();
}

/** The playhead moved: the bar, the page's players, the play count and the kept position hear of it. */
function follow(position: number): void {
  const item = $nowPlaying.get();
  if (!item) return;
  $playback.setKey("position", position);
  $positions.setKey(item.key, position);
  if (transport?.playing) recorder?.progress(position);
  const now = Date.now();
  if (now - lastRemembered > REMEMBER_EVERY_MS) {
    lastRemembered = now;
    rememberPlaying();
  }
  // A synced set has no "ended" event of its own: at its end it goes back to the start, and the queue goes on.
  if (transport !== mediaTransport && transport?.playing && position >= item.duration) {
    stop();
    finished();
  }
}

/** A synced set's clock is read on a timer while it plays (the media element reports by itself); a timer rather than
 * animation frames, which a background tab does not get, so a set ending there still ends. */
function followClock(): void {
  clearInterval(clock);
  clock = setInterval(() => {
    if (transport && transport !== mediaTransport && transport.playing) follow(transport.position);
  }, FOLLOW_EVERY_MS);
}

function mediaControls() {
  return {
    play: () => resume(),
    pause: () => pause(),
    stop: () => stop(),
    seekTo: (seconds: number) => seek(seconds),
    seekBy: (seconds: number) => seek(Math.max(0, $playback.get().position + seconds)),
    next: () => void next(),
    previous: () => previous(),
  };
}

/** The item ended: again (repeat one), the next (autoplay), or nothing more. */
function finished(): void {
  endedCurrent = true;
  if ($repeat.get() === "one") {
    seek(0);
    resume();
    return;
  }
  showState("paused");
  if ($autoplay.get()) void next();
}

function skipUnavailable(): void {
  const item = $nowPlaying.get();
  showToast({
    type: "warning",
    title: "Skipped",
    message: `"${item?.title ?? "A track"}" is no longer available.`,
  });
  transport = null;
  showState("paused");
  void next();
}

/** Whether `key` is what plays now (or waits in the bar). */
export const isCurrent = (key: string): boolean => $nowPlaying.get()?.key === key;

/** The transport of `key` if it is the current item's: a synced set's page takes its playing set back. */
export const transportOf = (key: string): Transport | null => (isCurrent(key) ? transport : null);

/**
 * Plays `item` from `at` seconds (from where it is, if it is already the current item), through `through` for a
 * synced set, else through the media element. Whatever played before stops.
 */
export async function play(item: PlayItem, options: { at?: number; through?: Transport } = {}): Promise<void> {
  const request = ++requests;
  // An element that failed (its token ran out, the network went) is loaded again, signed anew, from where it was.
  const failed = transport === mediaTransport && element?.error;
  if (failed && options.at === undefined) options.at = element?.currentTime ?? 0;
  const same = isCurrent(item.key) && transport !== null && !failed && (!options.through || options.through === transport);
  if (same && transport) {
    if (options.at !== undefined) seek(options.at);
    start(transport);
    return;
  }
  if (transport && transport !== options.through) transport.release();
  // One sound at a time: a page's own <audio> (a search result's stem preview) stops for it.
  for (const audio of document.querySelectorAll("audio")) audio.pause();
  clearInterval(clock);
  transport = null;
  heardCurrent = false;
  endedCurrent = false;
  $nowPlaying.set(item);
  const at = options.at ?? 0;
  $playback.set({ state: "loading", position: at });
  $positions.setKey(item.key, at);
  recorder = item.playTarget ? createPlayRecorder(item.playTarget) : null;
  claimMediaSession(item, mediaControls());
  if (options.through) {
    transport = options.through;
    transport.seek(at);
  } else {
    const media = mediaElement();
    // A private track's address is signed for this listener; one they may no longer hear is skipped.
    const url = item.src ? await mediaUrl(item.src, item.isPublic).catch(() => null) : null;
    // Another item was started, or this one paused, while its address was being signed.
    if (request !== requests) return;
    if (!url) return skipUnavailable();
    transport = mediaTransport;
    loudness?.rematch();
    media.src = url;
    media.currentTime = at;
  }
  transport.setVolume($volume.get());
  start(transport);
}

/** Sets `playing` going; a synced set (which reports nothing by itself) shows it and has its clock read. */
function start(playing: Transport): void {
  playing.play();
  if (playing === mediaTransport) return;
  showState("playing");
  followClock();
}

/** Plays the current item on from where it is (the bar's item after a reload starts there). */
export function resume(): void {
  const item = $nowPlaying.get();
  if (!item) return;
  if (transport) void play(item);
  else void play(item, { at: $playback.get().position });
}

export function pause(): void {
  // Still waiting for its signed address: it stands down before it starts.
  if (!transport && $playback.get().state === "loading") requests += 1;
  transport?.pause();
  clearInterval(clock);
  if (!transport || transport !== mediaTransport) showState("paused");
}

export function toggle(): void {
  if (transport?.playing || $playback.get().state === "loading") pause();
  else resume();
}

export function seek(seconds: number): void {
  const item = $nowPlaying.get();
  if (!item) return;
  const to = Math.min(item.duration, Math.max(0, seconds));
  recorder?.interrupt();
  if (transport) transport.seek(to);
  follow(to);
}

/** Stops and goes back to the start (the full track's stop, the synced set's "Stop All Tracks", a set's end). */
export function stop(): void {
  pause();
  seek(0);
}

/** The current item's loudness as measured since it started (its processing ended): matched from now on. */
export function updateLoudness(key: string, measured: MeasuredLoudness): void {
  const item = $nowPlaying.get();
  if (item?.key !== key) return;
  $nowPlaying.set({ ...item, loudness: measured });
  loudness?.rematch();
}

/**
 * Replaces the queue with `items` in order and plays the first; the rest of their list (`source.more`) is read as
 * the queue reaches it. What played before is forgotten.
 */
export function playAll(items: PlayItem[], source: QueueSource): void {
  const [first, ...rest] = items;
  if (!first) return;
  $queue.set(rest);
  $queueSource.set(source);
  $history.set([]);
  // From its start, even when it is what plays now.
  void play(first, { at: 0 });
}

/**
 * Whether nothing is playing, so that "Play next" and "Add to queue" start what they add: the bar is empty, waits
 * with a reload's track, or its item has played to its end. A track the listener paused stays theirs to resume.
 */
const nothingPlaying = (): boolean =>
  !$nowPlaying.get() || $playback.get().state === "cued" || (endedCurrent && !transport?.playing);

export function playNext(item: PlayItem): void {
  $queue.set([item, ...$queue.get()]);
  if (nothingPlaying()) void next();
}

export function addToQueue(item: PlayItem): void {
  $queue.set([...$queue.get(), item]);
  if (nothingPlaying()) void next();
}

export function removeFromQueue(index: number): void {
  $queue.set($queue.get().filter((_, at) => at !== index));
}

/** Moves the queued item at `from` to `to` (a drag, or Move up / Move down). */
export function moveInQueue(from: number, to: number): void {
  const queue = [...$queue.get()];
  const [moved] = queue.splice(from, 1);
  if (!moved || to < 0 || to > queue.length) return;
  queue.splice(to, 0, moved);
  $queue.set(queue);
}

/** The queue, read on from its list when it runs low. */
async function queueWithMore(): Promise<PlayItem[]> {
  const source = $queueSource.get();
  if ($queue.get().length > READ_AHEAD || !source?.more) return $queue.get();
  const read = source.more;
  // Read once at a time: the list's reader moves its own cursor.
  const reading = { ...source, more: null };
  $queueSource.set(reading);
  const items = await read().catch((error: unknown) => {
    console.warn("Could not read more of the list", error);
    return [] as PlayItem[];
  });
  // Another list was played meanwhile: what this one read is not its.
  if ($queueSource.get() !== reading) return $queue.get();
  $queueSource.set({ ...source, more: items.length ? read : null });
  $queue.set([...$queue.get(), ...items]);
  return $queue.get();
}

/** Plays the next queued item (a random one while shuffling); after the last, the list again on repeat all. */
export async function next(): Promise<void> {
  let queue = await queueWithMore();
  const current = $nowPlaying.get();
  const startingOver = queue.length === 0 && $repeat.get() === "all";
  if (startingOver) {
    // The current item only if it was heard: one skipped as unavailable would otherwise come round for ever.
    queue = [...$history.get(), ...(current?.src && transport ? [current] : [])];
    $history.set([]);
  }
  if (queue.length === 0) return;
  const at = $shuffle.get() ? Math.floor(Math.random() * queue.length) : 0;
  const item = queue[at] as PlayItem;
  $queue.set(queue.filter((_, index) => index !== at));
  // A synced set lives on its page's decoded audio: Previous cannot bring it back, so it is not kept.
  if (current?.src && transport && !startingOver) $history.set([...$history.get(), current]);
  await play(item, { at: 0 });
}

/** Back to the start of the item once 3 s in (or with nothing before it), else the item before. */
export function previous(): void {
  const before = $history.get();
  const item = before.at(-1);
  if ($playback.get().position > RESTART_AFTER_SECONDS || !item) {
    seek(0);
    return;
  }
  $history.set(before.slice(0, -1));
  const current = $nowPlaying.get();
  if (current) $queue.set([current, ...$queue.get()]);
  void play(item);
}

export function setVolume(volume: number): void {
  rememberVolume(volume);
  transport?.setVolume(volume);
}
