/**
 * SPEC §4 selection. A plain click toggles one card. A shift-click sets every card between the last
 * clicked one and this one (both included) to the opposite of this card's current state.
 */
export function nextSelection(
  ids: readonly string[],
  selected: ReadonlySet<string>,
  clickedId: string,
  lastClickedId: string | null,
  shift: boolean,
): Set<string> {
  const next = new Set(selected);
  const target = !selected.has(clickedId);
  const from = lastClickedId === null ? -1 : ids.indexOf(lastClickedId);
  const to = ids.indexOf(clickedId);
  const range = shift && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [clickedId];
  for (const id of range) {
    if (target) next.add(id);
    else next.delete(id);
  }
  return next;
}
