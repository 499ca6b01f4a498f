import { t } from "elysia";
import type { ConversionFormat } from "../../src/shared/conversion-status";

/** POST /api/events/token: what opens GET /api/events, where EventSource cannot send the session header. */
export const EventsToken = t.Object({
  token: t.String(),
  expiresAt: t.String({ format: "date-time" }),
});

/** The most tracks one stream may watch: a page shows one track (and its stems), a list a page of cards. */
export const MAX_WATCHED_TRACKS = 50;

/** Open streams one user may hold on one instance (a tab each): more is a client gone wrong, or an attack on memory. */
export const MAX_STREAMS_PER_USER = 32;

export const EventsQuery = t.Object({
  token: t.Optional(t.String({ maxLength: 1024 })),
  /** Comma-separated ids of the tracks the page shows, whose processing, conversions and regeneration it follows. */
  tracks: t.Optional(t.String({ maxLength: 4096 })),
  /** The last id seen, for a client that reconnects itself (EventSource's own reconnects send the header). */
  lastEventId: t.Optional(t.String({ maxLength: 32 })),
});

/** What each kind of event carries in its `data` (a notification's is the Notification of modules/notifications). */
export interface ProcessingEventData {
  trackId: string;
  /** The stem whose processing ended; null for the track as a whole. */
  stemId: string | null;
  status: "READY" | "FAILED";
}
export interface ConversionEventData {
  trackId: string;
  /** "full" or a stem id. */
  target: string;
  format: ConversionFormat;
  status: "COMPLETED" | "FAILED";
}
export interface RegenerationEventData {
  trackId: string;
  status: "READY" | "FAILED";
}
export interface CommentEventData {
  trackId: string;
  commentId: string;
}
