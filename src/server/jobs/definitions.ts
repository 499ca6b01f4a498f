import { type Static, type TSchema, t } from "elysia";

/**
 * Every background job, in one place: its payload schema, retries and time limit. Handlers are
 * bound in `handlers.ts`; the worker refuses to start when any job here has no handler.
 *
 * Every job has at least 2 attempts and an idempotent handler: on PostgreSQL a worker that dies mid-job
 * loses its lease, which counts as a failed attempt, and the job must run again elsewhere rather than
 * go to the dead-letter queue (docs/scale-out.md §2).
 */
export const jobDefinitions = {
  /** A no-op round trip used by the health check and tests to prove the queue runs jobs. */
  "system.ping": { payload: t.Object({ nonce: t.String() }), attempts: 2, timeoutMs: 10_000 },
  /** Peaks, MP3, loudness and cover sizes for an upload and its stems (modules/uploads/processing.ts). */
  "track.process": { payload: t.Object({ trackId: t.String() }), attempts: 2, timeoutMs: 60 * 60_000 },
  /**
   * Measures, a batch at a time, the loudness and true peak of audio processed before true peaks were
   * (modules/uploads/loudness-backfill.ts); queued at boot while any is marked, and by itself while some are left.
   */
  "tracks.measure-loudness": { payload: t.Object({}), attempts: 2, timeoutMs: 30 * 60_000 },
  /** A fork's full track made again from its remaining stems after one is removed (modules/studio/regenerate.ts). */
  "track.regenerate": { payload: t.Object({ trackId: t.String() }), attempts: 2, timeoutMs: 30 * 60_000 },
  /** A `new-track` notification to every follower of a new public track's owner, one job per track (modules/follows). */
  "follows.new-track": { payload: t.Object({ trackId: t.String() }), attempts: 2, timeoutMs: 30 * 60_000 },
  /** The link-preview image of a public track without cover art, once per page version (modules/embeds). */
  "embeds.preview-image": { payload: t.Object({ trackId: t.String() }), attempts: 2, timeoutMs: 2 * 60_000 },
  /** Encodes one on-demand WAV/FLAC derivative (modules/conversions). */
  "conversions.convert": { payload: t.Object({ conversionId: t.String() }), attempts: 2, timeoutMs: 15 * 60_000 },
  /** Deletes derivatives past their expiry (modules/conversions/expiry.ts enqueues it). */
  "conversions.expire": { payload: t.Object({}), attempts: 2, timeoutMs: 60_000 },
  /** Deletes the files of tracks past their deletion grace and marks them DELETED (modules/track-files/purge.ts). */
  "tracks.purge": { payload: t.Object({}), attempts: 2, timeoutMs: 10 * 60_000 },
  /** Frees the usernames and addresses of accounts deleted longer than the grace period ago (modules/auth/service.ts). */
  "accounts.purge": { payload: t.Object({}), attempts: 2, timeoutMs: 10 * 60_000 },
  /** Deletes the unnamed files of studio changes a crash cut short (modules/track-files/in-flight.ts). */
  "tracks.files-in-flight": { payload: t.Object({}), attempts: 2, timeoutMs: 10 * 60_000 },
  /** Builds a user's account export, a zip streamed into the store (modules/exports/run.ts); hours for several GB. */
  "account.export": { payload: t.Object({ exportId: t.String() }), attempts: 2, timeoutMs: 6 * 60 * 60_000 },
  /** Deletes account exports past EXPORT_TTL_SECONDS, file and row (modules/exports/run.ts). */
  "account.expire-exports": { payload: t.Object({}), attempts: 2, timeoutMs: 10 * 60_000 },
  /** Deletes resumable uploads past UPLOAD_EXPIRY_HOURS, parts and row (modules/resumable-uploads). */
  "uploads.expire": { payload: t.Object({}), attempts: 2, timeoutMs: 10 * 60_000 },
  /** The hourly check that backs up into BACKUP_DIR once BACKUP_INTERVAL_HOURS have passed (modules/backups). */
  "backups.due": { payload: t.Object({}), attempts: 2, timeoutMs: 12 * 60 * 60_000 },
  /** "Back up now" on the admins' Backups screen (modules/backups). */
  "backups.now": { payload: t.Object({}), attempts: 2, timeoutMs: 12 * 60 * 60_000 },
} satisfies Record<string, { payload: TSchema; attempts: number; timeoutMs: number }>;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = Static<(typeof jobDefinitions)[N]["payload"]>;
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, signal: AbortSignal) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };
