import { readsUntilChanged } from "../../src/server/db/changes";
import type { PageState } from "./service";

/** A page's state as read, with the forms comparing it to kept answers takes, made once. */
export interface KnownState {
  state: PageState;
  /** `state.fills` as kept answers record them. */
  fills: string;
  /** Version and fills: what a held form must have been kept at. */
  stamp: string;
}

/** Enough for a catalogue many times the size of the walks measured (bench/http.ts): a few MB at most. */
const MAX_KNOWN = 20_000;

/**
 * Pages' states as last read, used while the database has not changed since (src/server/db/changes.ts), so a
 * crawler's walk over the catalogue costs no database read per request.
 */
export function createKnownStates() {
  const states = readsUntilChanged<KnownState | null>(MAX_KNOWN);
  return (key: string, read: () => Promise<PageState | null>): Promise<KnownState | null> =>
    states(key, async () => {
      const state = await read();
      if (!state) return null;
      const fills = JSON.stringify(state.fills ?? {});
      return { state, fills, stamp: `${state.version} ${fills}` };
    });
}
