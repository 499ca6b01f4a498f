import { changeMark } from "../../src/server/db/changes";
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

function known(state: PageState | null): KnownState | null {
  if (!state) return null;
  const fills = JSON.stringify(state.fills ?? {});
  return { state, fills, stamp: `${state.version} ${fills}` };
}

/**
 * Pages' states as last read, used while the database has not changed since (its change mark), so a crawler's walk
 * over the catalogue costs no database read per request. Any write anyone commits (a play counted, an edit, another
 * process's commit) drops them all: no request is answered from a state the database no longer holds. Without a
 * change mark (PostgreSQL, where other instances write) every request reads.
 */
export function createKnownStates() {
  const states = new Map<string, KnownState | null>();
  let markOfStates: number | null = null;

  return async function stateOf(key: string, read: () => Promise<PageState | null>): Promise<KnownState | null> {
    const mark = changeMark();
    if (mark === null) return known(await read());
    if (mark !== markOfStates) {
      states.clear();
      markOfStates = mark;
    }
    const held = states.get(key);
    if (held !== undefined) return held;
    const state = known(await read());
    // A write while it was read (another request's, between the awaits): it may show either side of it.
    if (changeMark() === mark) {
      if (states.size >= MAX_KNOWN) states.delete(states.keys().next().value as string);
      states.set(key, state);
    }
    return state;
  };
}
