/** Every kind of live event GET /api/events sends (docs/live-events.md), shared by the server and the islands. */
export const LIVE_EVENT_KINDS = ["notification", "processing", "conversion", "regeneration", "comment"] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * Sent instead of a replay when the stream's Last-Event-ID is older than the replay window (or not one this
 * server gave): the page reloads what it shows (unread count, track) rather than trust a stream with a gap.
 */
export const RESET_EVENT = "reset";

/** The first event of a fresh stream: no news, only its id, from which a reconnect of this page replays. */
export const READY_EVENT = "ready";
