/** Which stems sound: with any solo, only soloed ones; otherwise every stem not muted. */
export function audibleStems(stemIds: string[], soloed: Set<string>, muted: Set<string>): Set<string> {
  return new Set(stemIds.filter((id) => (soloed.size > 0 ? soloed.has(id) : !muted.has(id))));
}

export function toggled(set: Set<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * What is heard, in words, naming stems in the order they were pressed: "All stems", "Solo: Drums, Bass" (a solo overrides
 * every mute), "Muted: Vocals", or "No stems" when every one is muted.
 */
export function heardLabel(stems: { id: string; name: string }[], soloed: Set<string>, muted: Set<string>): string {
  const nameOf = new Map(stems.map((stem) => [stem.id, stem.name]));
  const names = (ids: Set<string>) => [...ids].map((id) => nameOf.get(id) ?? id).join(", ");
  if (soloed.size > 0) return `Solo: ${names(soloed)}`;
  if (muted.size === 0) return "All stems";
  if (stems.every((stem) => muted.has(stem.id))) return "No stems";
  return `Muted: ${names(muted)}`;
}
