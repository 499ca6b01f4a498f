import { atom } from "nanostores";
import type {
  CommentEventData,
  ConversionEventData,
  ProcessingEventData,
  RegenerationEventData,
} from "../../modules/events/model";
import type { Notification } from "../../modules/notifications/model";
import { LIVE_EVENT_KINDS, READY_EVENT, RESET_EVENT } from "../../src/shared/live-events";
import { api, reply } from "./api";
import { $auth } from "./auth";
import { announceNotification } from "./unread";

/** What each event carries (modules/events/model.ts); `reset` asks the page to reload what it shows. */
export interface LiveEventData {
  notification: Notification;
  processing: ProcessingEventData;
  conversion: ConversionEventData;
  regeneration: RegenerationEventData;
  comment: CommentEventData;
  [RESET_EVENT]: Record<string, never>;
  [READY_EVENT]: Record<string, never>;
}
type EventName = keyof LiveEventData;

/**
 * The one event stream of a signed-in page (GET /api/events, docs/live-events.md). `up` while it is open;
 * anything else (visitors, a reconnect, a server without it) is when islands fall back to polling.
 */
export const $liveStream = atom<"off" | "connecting" | "up" | "down">("off");

const handlers = new Map<EventName, Set<(data: never) => void>>();
/** Tracks the page shows, each with how many islands watch it. */
const watched = new Map<string, number>();
let source: EventSource | null = null;
let lastEventId = "";
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** Counts opens and closes: an open still waiting for its token when either happens gives up. */
let opens = 0;
/** The stream is reopened at most this long after it fails, sooner at first. */
const MAX_RETRY_MS = 30_000;

/** Runs `handler` for each event of `kind` this page receives; returns the unsubscribe. */
export function onLiveEvent<K extends EventName>(kind: K, handler: (data: LiveEventData[K]) => void): () => void {
  const set = handlers.get(kind) ?? new Set();
  set.add(handler as (data: never) => void);
  handlers.set(kind, set);
  return () => set.delete(handler as (data: never) => void);
}

/** Follows a track's processing, conversions and regeneration while the island showing it is mounted. */
export function watchTrack(trackId: string): () => void {
  watched.set(trackId, (watched.get(trackId) ?? 0) + 1);
  if (watched.get(trackId) === 1) reopenSoon();
  return () => {
    const count = (watched.get(trackId) ?? 1) - 1;
    if (count > 0) watched.set(trackId, count);
    else watched.delete(trackId);
  };
}

/**
 * `poll` every `everyMs`, skipped while the stream is up: SPEC §4/§9's intervals are the fallback only. Returns
 * the stop. A first load is the caller's; this never polls at once.
 */
export function pollWhileStreamDown(everyMs: number, poll: () => void): () => void {
  const timer = setInterval(() => {
    if ($liveStream.get() !== "up") poll();
  }, everyMs);
  return () => clearInterval(timer);
}

/**
 * Runs `catchUp` the first time the stream (re)opens after now: what ended before the stream had the page's
 * tracks was sent to no one, so a view reads its state once then. Returns the cancel.
 */
export function onceStreamOpens(catchUp: () => void): () => void {
  const stop = $liveStream.listen((status) => {
    if (status !== "up") return;
    stop();
    catchUp();
  });
  return stop;
}

/** Which events end a wait, by kind: each kind named with its test. */
export type EventTests = { [K in EventName]?: (data: LiveEventData[K]) => boolean };

/**
 * Resolves once an event passes its test in `tests` (or a `reset` comes), when the stream (re)opens (what ended
 * before it did was sent to no one), after `everyMs` while the stream is down, or on abort: the wait of a loop
 * that then reads the state again.
 */
export function nextEventOrPoll(tests: EventTests, everyMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const done = () => {
      for (const stop of stops) stop();
      signal?.removeEventListener("abort", done);
      resolve();
    };
    for (const [kind, test] of Object.entries(tests) as [EventName, (data: unknown) => boolean][])
      stops.push(onLiveEvent(kind, (data) => test(data) && done()));
    stops.push(onLiveEvent(RESET_EVENT, done), onceStreamOpens(done), pollWhileStreamDown(everyMs, done));
    signal?.addEventListener("abort", done);
  });
}

function dispatch(kind: EventName, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const handler of handlers.get(kind) ?? []) (handler as (data: unknown) => void)(data);
}

function close(): void {
  // An open still waiting for its token is abandoned too.
  opens += 1;
  clearTimeout(retryTimer);
  source?.close();
  source = null;
}

async function open(): Promise<void> {
  close();
  if ($auth.get().status !== "signed-in") {
    $liveStream.set("off");
    return;
  }
  $liveStream.set("connecting");
  const attempt = ++opens;
  try {
    const { token } = await reply(api.events.token.post());
    if (attempt !== opens) return;
    const query = new URLSearchParams({ token });
    if (watched.size) query.set("tracks", [...watched.keys()].join(","));
    if (lastEventId) query.set("lastEventId", lastEventId);
    const opened = new EventSource(`/api/events?${query}`);
    source = opened;
    opened.onopen = () => {
      failures = 0;
      $liveStream.set("up");
    };
    // Every end (a refused or expired token, a lost connection, a stopping server) is handled here, with a new token.
    opened.onerror = () => {
      if (source !== opened) return;
      close();
      retryLater();
    };
    for (const kind of [...LIVE_EVENT_KINDS, RESET_EVENT, READY_EVENT] as EventName[])
      opened.addEventListener(kind, (event) => dispatch(kind, event as MessageEvent<string>));
  } catch {
    if (attempt === opens) retryLater();
  }
}

function retryLater(): void {
  $liveStream.set("down");
  failures += 1;
  retryTimer = setTimeout(() => void open(), Math.min(MAX_RETRY_MS, 1000 * 2 ** (failures - 1)));
}

/** Watching a new track means a stream that names it: reopened once the islands mounting now have said so. */
function reopenSoon(): void {
  if ($auth.get().status !== "signed-in") return;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void open(), 0);
}

if (typeof window !== "undefined") {
  // Every page's signed-in islands share the stream: it opens with the session and closes when it ends.
  $auth.subscribe((state) => {
    if (state.status === "signed-in" && !source) reopenSoon();
    if (state.status === "anonymous") {
      close();
      $liveStream.set("off");
    }
  });
  onLiveEvent("notification", announceNotification);
}
