/**
 * The cache triggers, declared once: what each row change must raise so that cached answers follow it. The page
 * version of a track (kept pages and the track JSON follow it), the lists' content version (the list caches), and
 * the kept pages' due and kept rows. Plays and downloads raise nothing: pages fill them in as they are served, and
 * lists may show them LIST_COUNTER_STALENESS_SECONDS late. Both dialects implement them in their migrations, SQLite as
 * per-event triggers (`migrations/`), PostgreSQL as trigger functions (`migrations/pg/`), and
 * src/server/db/triggers.test.ts runs one scenario on both, holding each to this list and the two to each other.
 * A new trigger is added here first, then written in a migration for each dialect.
 */

import { homePagePath, SORT_OPTIONS } from "../../shared/sort-options";

export type TriggerEvent = "INSERT" | "UPDATE" | "DELETE";

/** What the triggers keep, as read after a change: one track's page version, the lists' versions, the page rows. */
export interface TriggerState {
  pageVersion: number | null;
  content: number;
  /** Due keys, each as `key@version`. */
  due: string[];
  kept: string[];
  /** Which of a few probe words find the track in the search index. */
  found: string[];
}

export interface CacheTrigger {
  on: string;
  event: TriggerEvent;
  /** The rows of the event it is about, when not every one. */
  when?: string;
  does: string;
  /** Whether `after` shows what it does, from `before`. */
  check(before: TriggerState, after: TriggerState): boolean;
}

/** The home page's key in each sort. */
const HOME_PAGES = SORT_OPTIONS.map(({ key }) => homePagePath(key));

const pageVersionRaised = (before: TriggerState, after: TriggerState) => (after.pageVersion ?? 0) > (before.pageVersion ?? 0);
const trackPagesDue = (state: TriggerState) =>
  state.due.some((key) => key === `/track/t1@${state.pageVersion}`) &&
  state.due.some((key) => key === `/api/track/t1@${state.pageVersion}`);
const noTrackPages = (state: TriggerState) =>
  ![...state.due, ...state.kept].some((key) =>
    ["/track/t1", "/api/track/t1", "/embed/track/t1"].some((page) => key.startsWith(page)),
  );

/** Child rows a track page shows: each change raises the track's page version. */
const childOfTrack = (on: string, events: TriggerEvent[]): CacheTrigger[] =>
  events.map((event) => ({ on, event, does: "raises the track's page version", check: pageVersionRaised }));

export const CACHE_TRIGGERS: CacheTrigger[] = [
  {
    on: "tracks",
    event: "INSERT",
    when: "public and active",
    does: "raises the lists' content version and makes the track's page and JSON due",
    check: (before, after) => after.content > before.content && trackPagesDue(after),
  },
  {
    on: "tracks",
    event: "UPDATE",
    when: "anything but the counters changed",
    does: "raises the page version and the lists' content version, and makes the track's page and JSON due again",
    check: (before, after) => pageVersionRaised(before, after) && after.content > before.content && trackPagesDue(after),
  },
  {
    on: "tracks",
    event: "UPDATE",
    when: "only the counters changed",
    does: "raises nothing (pages fill the counters in as they are served; lists may show them late)",
    check: (before, after) => JSON.stringify(after) === JSON.stringify(before),
  },
  {
    on: "tracks",
    event: "UPDATE",
    when: "no longer public",
    does: "drops the track's kept and due pages (its page, JSON and embed player)",
    check: (_before, after) => noTrackPages(after),
  },
  {
    on: "tracks",
    event: "DELETE",
    does: "drops the track's kept and due pages (its page, JSON and embed player) and raises the lists' content version",
    check: (before, after) => noTrackPages(after) && after.content > before.content,
  },
  {
    on: "users",
    event: "UPDATE",
    when: "the username changed",
    does: "raises the page version of the user's tracks (their pages, Track JSON and cards show it)",
    check: (before, after) => pageVersionRaised(before, after) && after.content > before.content && trackPagesDue(after),
  },
  {
    on: "users",
    event: "UPDATE",
    when: "anything but the username changed",
    does: "raises nothing (no page shows an e-mail address, a password or a session)",
    check: (before, after) => JSON.stringify(after) === JSON.stringify(before),
  },
  ...childOfTrack("track_waveforms", ["INSERT", "UPDATE"]),
  ...childOfTrack("stems", ["INSERT", "UPDATE", "DELETE"]),
  ...childOfTrack("track_shares", ["INSERT", "DELETE"]),
  ...childOfTrack("conversions", ["INSERT", "UPDATE", "DELETE"]),
  {
    on: "list_versions",
    event: "UPDATE",
    when: "the content version changed",
    does: "makes the home page due in every sort at the new version",
    check: (_before, after) => HOME_PAGES.every((key) => after.due.includes(`${key}@${after.content}`)),
  },
];

const finds = (word: string) => (_before: TriggerState, after: TriggerState) => after.found.includes(word);
const findsNoLonger = (word: string) => (before: TriggerState, after: TriggerState) =>
  before.found.includes(word) && !after.found.includes(word);

/**
 * The search index's triggers (modules/search; migrations 0019_search and pg/0014_search): one document per track,
 * rewritten in the transaction of every change to the text search matches, so it is findable the moment it commits.
 * Held to the same scenario as the cache triggers, on both dialects, by triggers.test.ts.
 */
export const SEARCH_TRIGGERS: CacheTrigger[] = [
  { on: "tracks", event: "INSERT", when: "public and active", does: "indexes the new track's words", check: finds("song") },
  {
    on: "tracks",
    event: "UPDATE",
    when: "anything but the counters changed",
    does: "indexes the edited title, artist, genres and description",
    check: finds("2"),
  },
  {
    on: "users",
    event: "UPDATE",
    when: "the username changed",
    does: "indexes the new username of the user's tracks",
    check: finds("anna"),
  },
  { on: "stems", event: "INSERT", does: "indexes the stem's name with its track", check: finds("bass") },
  { on: "stems", event: "UPDATE", does: "indexes a renamed stem's new name", check: finds("sub") },
  { on: "stems", event: "DELETE", does: "drops the stem's name from its track's words", check: findsNoLonger("sub") },
  {
    on: "tracks",
    event: "DELETE",
    does: "drops the track's words",
    check: (_before, after) => after.found.length === 0,
  },
];
