import { config } from "../../src/server/config";
import { postgresDb } from "../../src/server/db";
import { badRequest, tooManyRequests, unauthorized } from "../../src/server/errors";
import { extensionPoint } from "../../src/server/extension-point";
import { mediaTokenHolder, signMediaToken } from "../../src/server/http/media-token";
import { log } from "../../src/server/logger";
import { type LiveEventKind, READY_EVENT, RESET_EVENT } from "../../src/shared/live-events";
import { findViewer, type Viewer } from "../auth/service";
import { MAX_STREAMS_PER_USER, MAX_WATCHED_TRACKS } from "./model";
import { eventsRepo } from "./repo";
import type { LiveEventRow } from "./schema";

/**
 * Whether `viewer` may see track `trackId` now (tracks/access.ts canView). The tracks module provides it: it
 * publishes events itself (through notifications), so this module may not import it back.
 */
export const trackVisibility =
  extensionPoint<(trackId: string, viewer: Viewer) => Promise<boolean>>("events: who may see a track");

/** One event as a module publishes it: for one user, or for whoever watches a track and may see it. */
export type LiveEvent = { kind: LiveEventKind; data: Record<string, unknown> } & (
  | { userId: string; trackId?: never }
  | { trackId: string; userId?: never }
);

/** An event as a stream gets it. */
type SentEvent = Pick<LiveEventRow, "id" | "kind" | "userId" | "trackId" | "data">;

/** Events tokens name this resource: never a track id or an export's, so no media token passes for one. */
const TOKEN_RESOURCE = "events";
/** The PostgreSQL channel every instance listens on. */
const CHANNEL = "stemma_live_events";
/** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How many missed events a reconnect is replayed at most; a longer gap resets the page instead. */
const MAX_REPLAY = 500;
/** Old events are dropped at most this often (by whichever instance publishes). */
const PRUNE_EVERY_MS = 60_000;
/** Ids per NOTIFY: well under PostgreSQL's 8,000-byte payload limit. */
const IDS_PER_NOTIFY = 500;
const TRACK_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A short-lived, read-only token that opens the caller's event stream and does nothing else. */
export function issueEventsToken(viewer: Viewer): { token: string; expiresAt: string } {
  const { token, expiresAt } = signMediaToken(TOKEN_RESOURCE, viewer.id, Date.now(), config().eventsTokenSeconds);
  return { token, expiresAt: expiresAt.toISOString() };
}

let lastPrune = 0;

/**
 * The one way to tell open pages something: stores the events in the replay window, then hands them to every
 * instance (PostgreSQL NOTIFY, which each serving instance LISTENs to) or, on embedded SQLite, to this process's
 * streams. Never throws: a page that misses a live event still has its polling fallback and its next load, and
 * the work that raised it (a job, a notification) must not fail for it.
 */
export async function publishEvents(events: LiveEvent[]): Promise<void> {
  if (!events.length) return;
  try {
    const rows = await eventsRepo.insertMany(
      events.map((event) => ({
        kind: event.kind,
        userId: event.userId ?? null,
        trackId: event.trackId ?? null,
        data: event.data,
      })),
    );
    const postgres = postgresDb();
    if (postgres) {
      // Ids only, whatever the events hold: each instance reads the rows once per publish (a notification to
      // every admin is one read, not one per admin) and no payload ever meets NOTIFY's size limit.
      const ids = rows.map((row) => row.id);
      for (let start = 0; start < ids.length; start += IDS_PER_NOTIFY)
        await postgres.$client.notify(CHANNEL, JSON.stringify(ids.slice(start, start + IDS_PER_NOTIFY)));
    } else for (const row of rows) deliver(row);
    const newest = rows.at(-1)?.id;
    if (newest !== undefined && Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await eventsRepo.prune(new Date(Date.now() - config().eventsReplaySeconds * 1000), newest);
    }
  } catch (error) {
    log.warn("live events were not published", {
      kinds: events.map((event) => event.kind).join(","),
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** One open stream: whose it is, the tracks it watches, and how it is written to. */
interface Listener {
  viewer: Viewer;
  tracks: Set<string>;
  /** Live events that arrive while the replay is read, written after it; null once the stream is live. */
  held: SentEvent[] | null;
  /**
   * The ids the replay sent. An event is stored before it is handed out (on PostgreSQL, heard through NOTIFY after
   * its commit), so the replay can read an event whose live hand-over comes after it: that copy is dropped.
   */
  replayed: Set<number>;
  /** Deliveries run one after another, so a stream gets its events in order even where access is checked. */
  queue: Promise<void>;
  /** Deliveries still waiting in `queue`: with none, a user's event is written at once. */
  pending: number;
  write(bytes: Uint8Array): void;
  /** Ends the stream (its token's lifetime is over, or the server is stopping). */
  end(): void;
}

const byUser = new Map<string, Set<Listener>>();
const byTrack = new Map<string, Set<Listener>>();
let heartbeat: ReturnType<typeof setInterval> | null = null;
let listening: Promise<unknown> | null = null;
let heard: Promise<void> = Promise.resolve();

const add = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
  const set = index.get(key) ?? new Set();
  set.add(listener);
  index.set(key, set);
};
const remove = (index: Map<string, Set<Listener>>, key: string, listener: Listener) => {
  const set = index.get(key);
  set?.delete(listener);
  if (set?.size === 0) index.delete(key);
};

/** A stopping server ends its streams: their pages reconnect to another instance, or to it once it is back. */
export function closeEventStreams(): void {
  for (const listeners of [...byUser.values()]) for (const listener of [...listeners]) listener.end();
}

const frame = (event: SentEvent) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

const encoder = new TextEncoder();
/** Each event's bytes, made once however many streams it goes to. */
const encoded = new WeakMap<SentEvent, Uint8Array>();
function bytesOf(event: SentEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    bytes = encoder.encode(frame(event));
    encoded.set(event, bytes);
  }
  return bytes;
}
const HEARTBEAT = encoder.encode(": keep-alive\n\n");

const send = (listener: Listener, event: SentEvent) => listener.write(bytesOf(event));

/** Writes one event to one stream, after checking a track's event against who the stream is for. */
function deliverTo(listener: Listener, event: SentEvent): void {
  if (!event.trackId && listener.pending === 0) {
    send(listener, event);
    return;
  }
  listener.pending += 1;
  listener.queue = listener.queue
    .then(async () => {
      if (event.trackId && !(await trackVisibility.get()(event.trackId, listener.viewer))) return;
      send(listener, event);
    })
    .catch((error) => log.warn("a live event was not delivered", { error: String(error) }))
    .finally(() => {
      listener.pending -= 1;
    });
}

/** Hands one event to this instance's streams that may have it. */
function deliver(event: SentEvent): void {
  const listeners = event.userId ? byUser.get(event.userId) : event.trackId ? byTrack.get(event.trackId) : undefined;
  for (const listener of listeners ?? []) {
    if (listener.held) listener.held.push(event);
    else if (!listener.replayed.delete(event.id)) deliverTo(listener, event);
  }
}

/** On PostgreSQL, this instance hears every instance's and worker's events from the first stream on. */
function listenAcrossInstances(): Promise<unknown> {
  const postgres = postgresDb();
  if (!postgres) return Promise.resolve();
  listening ??= postgres.$client
    .listen(CHANNEL, (payload: string) => {
      // Read in the order they were heard, so every stream gets one instance's events in the order it sent them.
      heard = heard
        .then(async () => {
          for (const row of await eventsRepo.byIds(JSON.parse(payload) as number[])) deliver(row);
        })
        .catch((error) => log.warn("live events were not read", { error: String(error) }));
    })
    .catch((error: unknown) => {
      listening = null;
      throw error;
    });
  return listening;
}

function startHeartbeat(): void {
  heartbeat ??= setInterval(() => {
    for (const listeners of byUser.values()) for (const listener of listeners) listener.write(HEARTBEAT);
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
}

function watchedTracks(input: string | undefined): string[] {
  const ids = [...new Set((input ?? "").split(",").filter(Boolean))];
  if (ids.length > MAX_WATCHED_TRACKS) throw badRequest(`tracks may name at most ${MAX_WATCHED_TRACKS} tracks`);
  if (ids.some((id) => !TRACK_ID.test(id))) throw badRequest("tracks must be comma-separated track ids");
  return ids;
}

function lastEventIdOf(input: string | undefined): number | null {
  if (input === undefined || input === "") return null;
  if (!/^\d{1,15}$/.test(input)) throw badRequest("Last-Event-ID must be the id of an event this server sent");
  return Number(input);
}

/**
 * What a stream that last saw `lastId` missed, oldest first; null when that cannot be told (older than the replay
 * window, more than MAX_REPLAY, or an id this database never gave): the client then reloads instead.
 */
async function missedSince(lastId: number, listener: Listener): Promise<SentEvent[] | null> {
  const { oldest, newest } = await eventsRepo.bounds();
  if (newest === null || lastId > newest || (oldest !== null && lastId < oldest - 1)) return null;
  const rows = await eventsRepo.after(lastId, listener.viewer.id, [...listener.tracks], MAX_REPLAY + 1);
  if (rows.length > MAX_REPLAY) return null;
  const visible = new Map<string, boolean>();
  const missed: SentEvent[] = [];
  for (const { id, kind, userId, trackId, data } of rows) {
    if (trackId && !visible.has(trackId)) visible.set(trackId, await trackVisibility.get()(trackId, listener.viewer));
    if (!trackId || visible.get(trackId)) missed.push({ id, kind, userId, trackId, data });
  }
  return missed;
}

export interface StreamRequest {
  token?: string;
  tracks?: string;
  /** The `Last-Event-ID` header (EventSource's reconnects) or the `lastEventId` parameter (a client's own). */
  lastEventId?: string;
}

/**
 * GET /api/events: the caller's Server-Sent Events stream. The events token names the user (checked again now:
 * a deleted account's token opens nothing); `tracks` are the tracks the page shows, kept only when the user may
 * see them, and each track event is checked again as it is sent. With a Last-Event-ID it first replays what
 * was missed, or sends `reset`. The stream ends when its token would have expired, so the page asks for a new
 * token and a gone session stops streaming within EVENTS_TOKEN_LIFETIME_SECONDS.
 */
export async function openEventStream(request: StreamRequest): Promise<Response> {
  const holder = request.token ? mediaTokenHolder(request.token, TOKEN_RESOURCE) : null;
  const viewer = holder ? await findViewer(holder) : null;
  if (!viewer) throw unauthorized("A valid events token is required: ask POST /api/events/token for one");
  const requested = watchedTracks(request.tracks);
  const lastId = lastEventIdOf(request.lastEventId);
  const visible = await Promise.all(requested.map((id) => trackVisibility.get()(id, viewer)));
  await listenAcrossInstances();
  // Checked after the last wait, so streams opening at once cannot pass it together (the stream registers as it is made).
  if ((byUser.get(viewer.id)?.size ?? 0) >= MAX_STREAMS_PER_USER)
    throw tooManyRequests(`At most ${MAX_STREAMS_PER_USER} event streams may be open at once: close a tab`);
  startHeartbeat();

  let closed = false;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  let listener: Listener | undefined;
  const stop = () => {
    if (closed) return;
    closed = true;
    clearTimeout(expiry);
    if (!listener) return;
    remove(byUser, listener.viewer.id, listener);
    for (const trackId of listener.tracks) remove(byTrack, trackId, listener);
  };
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const opened: Listener = {
        viewer,
        tracks: new Set(requested.filter((_, index) => visible[index])),
        held: [],
        replayed: new Set(),
        queue: Promise.resolve(),
        pending: 0,
        write(bytes) {
          if (closed) return;
          try {
            controller.enqueue(bytes);
          } catch {
            stop();
          }
        },
        end() {
          if (closed) return;
          stop();
          controller.close();
        },
      };
      listener = opened;
      // Registered before the replay is read: what is published meanwhile is held, then written after it.
      add(byUser, viewer.id, opened);
      for (const trackId of opened.tracks) add(byTrack, trackId, opened);
      expiry = setTimeout(() => opened.end(), config().eventsTokenSeconds * 1000);
      opened.write(encoder.encode("retry: 3000\n\n"));
      const missed = lastId === null ? [] : await missedSince(lastId, opened).catch(() => null);
      if (lastId === null || !missed) {
        // The position to reconnect from: the newest id, even below a Last-Event-ID another database gave.
        const { newest } = await eventsRepo.bounds().catch(() => ({ newest: null }));
        opened.write(encoder.encode(`id: ${newest ?? 0}\nevent: ${missed ? READY_EVENT : RESET_EVENT}\ndata: {}\n\n`));
      } else
        for (const event of missed) {
          send(opened, event);
          opened.replayed.add(event.id);
        }
      // What was published while the replay was read, less what the replay already sent. Live events are never
      // held back for their id: commits on several instances may hand out ids in another order than they land.
      const held = opened.held ?? [];
      opened.held = null;
      for (const event of held) if (!opened.replayed.delete(event.id)) deliverTo(opened, event);
    },
    cancel: stop,
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // nginx: pass each event on at once (deploy/nginx.conf turns buffering off too).
      "x-accel-buffering": "no",
    },
  });
}
