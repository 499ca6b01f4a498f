import { atom, map } from "nanostores";
import type { MeasuredLoudness } from "../../src/shared/loudness";
import { readStored, writeStored } from "../lib/browser-storage";
import { storageKey } from "../lib/storage-keys";
import type { PlayTarget } from "./play-recorder";

/**
 * What the site is playing (issue 40 A): one item at a time, whichever island started it, read by every player on the
 * page and by the player bar at the foot of each page. Only stores live here, so the bar loads no player code before
 * something is played; playback.ts does the playing.
 */
export interface PlayItem {
  /** The id of the players that show it: `track:{id}`, `stem:{id}`, or `stems:{trackId}` for a synced set. */
  key: string;
  title: string;
  artist: string;
  /** The track's page and the artist's (null for an account that is gone), linked from the bar. */
  href: string;
  artistHref: string | null;
  artworkUrl: string | null;
  duration: number;
  /** The audio URL from the API (presigned when played unless `isPublic`); null for a synced set of stems. */
  src: string | null;
  isPublic: boolean;
  loudness?: MeasuredLoudness;
  /** Where a play is recorded after 5 s of listening (SPEC §9). */
  playTarget?: PlayTarget;
}

/** "cued": in the bar since a reload, nothing loaded yet; "loading": asked to play, the audio not flowing yet. */
export type PlaybackState = "cued" | "loading" | "playing" | "paused";

export const $nowPlaying = atom<PlayItem | null>(null);
export const $playback = map<{ state: PlaybackState; position: number }>({ state: "paused", position: 0 });
/** How far an arrow key seeks: on a focused waveform (Player.tsx) and anywhere on the page (shortcuts.ts). */
export const SEEK_STEP_SECONDS = 5;
/** The listener's volume, 0–1, kept per browser as the loudness preference is. */
export const $volume = atom(1);

/** Where the queue came from ("Playing from …") and how to read on: the next page of its list, while it has one. */
export interface QueueSource {
  label: string;
  /** The list's next items, read when the queue runs low; null once the list is all queued. */
  more: (() => Promise<PlayItem[]>) | null;
}

/** What plays after the current item, in order (issue 40 B). */
export const $queue = atom<PlayItem[]>([]);
export const $queueSource = atom<QueueSource | null>(null);
/** What played before, for Previous. */
export const $history = atom<PlayItem[]>([]);
/** When an item ends the next starts (on unless turned off); shuffle and repeat, per browser as the volume is. */
export const $autoplay = atom(true);
export const $shuffle = atom(false);
export type Repeat = "off" | "all" | "one";
export const $repeat = atom<Repeat>("off");

const LAST_KEY = storageKey("player", "last");
const MODES_KEY = storageKey("player", "modes");
const VOLUME_KEY = storageKey("player", "volume");

/** Keeps autoplay, shuffle and repeat as the listener sets them. */
export function setModes(modes: { autoplay?: boolean; shuffle?: boolean; repeat?: Repeat }): void {
  if (modes.autoplay !== undefined) $autoplay.set(modes.autoplay);
  if (modes.shuffle !== undefined) $shuffle.set(modes.shuffle);
  if (modes.repeat !== undefined) $repeat.set(modes.repeat);
  writeStored("local", MODES_KEY, JSON.stringify({ autoplay: $autoplay.get(), shuffle: $shuffle.get(), repeat: $repeat.get() }));
}

/** The last single track and where it was, kept so that a reload finds it in the bar, paused. */
export function rememberPlaying(): void {
  const item = $nowPlaying.get();
  // A synced set of stems lives on its track page's decoded audio: nothing to resume after a reload.
  if (!item?.src) return;
  writeStored("local", LAST_KEY, JSON.stringify({ item, position: $playback.get().position }));
}

export function rememberVolume(volume: number): void {
  writeStored("local", VOLUME_KEY, String(volume));
  $volume.set(volume);
}

function restore(): void {
  const volume = Number(readStored("local", VOLUME_KEY) ?? 1);
  if (Number.isFinite(volume)) $volume.set(Math.min(1, Math.max(0, volume)));
  try {
    const modes = JSON.parse(readStored("local", MODES_KEY) ?? "{}") as {
      autoplay?: unknown;
      shuffle?: unknown;
      repeat?: unknown;
    };
    if (typeof modes.autoplay === "boolean") $autoplay.set(modes.autoplay);
    if (typeof modes.shuffle === "boolean") $shuffle.set(modes.shuffle);
    if (modes.repeat === "all" || modes.repeat === "one") $repeat.set(modes.repeat);
  } catch {
    // Kept by another version of the page: the defaults.
  }
  try {
    const last = JSON.parse(readStored("local", LAST_KEY) ?? "null") as { item?: PlayItem; position?: number } | null;
    if (!last?.item?.key || !last.item.src) return;
    $nowPlaying.set(last.item);
    $playback.set({ state: "cued", position: Math.max(0, Number(last.position) || 0) });
  } catch {
    // A kept entry from another version of the page: nothing to restore.
  }
}

/** Whether audio is loaded in the playback (playing or paused), which a whole page load would stop or drop. */
export const holdsAudio = () => $nowPlaying.get() !== null && $playback.get().state !== "cued";

if (typeof window !== "undefined") {
  restore();
  // The position as the listener leaves: a reload or a closed tab resumes from there.
  window.addEventListener("pagehide", rememberPlaying);
}
