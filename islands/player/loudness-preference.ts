import { atom } from "nanostores";
import { readStored, writeStored } from "../lib/browser-storage";
import { storageKey } from "../lib/storage-keys";

const KEY = storageKey("player", "matchLoudness");

/**
 * "Match loudness": every player sets tracks to the same loudness unless this browser turned it off (a per-browser
 * choice, as a listener's volume is: visitors have it too). On until read, and read once a page has loaded.
 */
export const $matchLoudness = atom(true);

if (typeof window !== "undefined") $matchLoudness.set(readStored("local", KEY) !== "off");

export function setMatchLoudness(on: boolean): void {
  writeStored("local", KEY, on ? "on" : "off");
  $matchLoudness.set(on);
}
