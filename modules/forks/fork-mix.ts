import { badRequest } from "../../src/server/errors";
import { type StemMixSettings, UNITY_MIX } from "../../src/shared/stem-mix";
import type { Stem } from "../tracks/service";
import type { StemMix } from "./model";

export const NO_STEMS_TO_MIX = "This track has no stems to mix";
export const UNKNOWN_STEM_IN_MIX = "The mix names a stem this track does not have";
export const STEM_TWICE_IN_MIX = "The mix names a stem more than once";
export const MIX_ALL_MUTED = "A mix needs at least one stem that is not muted";

/**
 * "Fork with this mix": how each of the original's stems sounds in the fork's rendered full track, by the original
 * stem's id (the stems the mix does not name stay at unity, centred and heard); "Download this mix" takes the same.
 * A mix that cannot be rendered as asked is refused, with what is wrong.
 */
export function stemMixes(stems: Stem[], mix: StemMix[]): Map<string, StemMixSettings> {
  if (stems.length === 0) throw badRequest(NO_STEMS_TO_MIX);
  const settings = new Map(stems.map((stem) => [stem.id, UNITY_MIX]));
  const named = new Set<string>();
  for (const { stemId, ...chosen } of mix) {
    if (!settings.has(stemId)) throw badRequest(UNKNOWN_STEM_IN_MIX);
    if (named.has(stemId)) throw badRequest(STEM_TWICE_IN_MIX);
    named.add(stemId);
    settings.set(stemId, chosen);
  }
  if ([...settings.values()].every((stem) => stem.muted)) throw badRequest(MIX_ALL_MUTED);
  return settings;
}
