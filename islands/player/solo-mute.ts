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
