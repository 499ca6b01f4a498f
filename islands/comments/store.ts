import { map } from "nanostores";
import type { WaveMarker } from "../player/WaveMarkers";

/** The markers of each track's timed comments (by track id): the comment list fills it, the full-track player draws it. */
export const $commentMarkers = map<Record<string, WaveMarker[]>>({});
