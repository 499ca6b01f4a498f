import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type Stem, stems, type Track, trackShares, tracks, trackWaveforms } from "./schema";
import { waveformPreview } from "./waveform-preview";

type TrackInsert = typeof tracks.$inferInsert;
type StemInsert = typeof stems.$inferInsert;

/**
 * Seconds charged to a user: their active tracks only. Deleting frees the space at once, while the
 * files wait out the grace period (purge.ts). The quota reply and the upload check both read this.
 */
export function usedQuotaSecondsIn(executor: Pick<typeof db, "select">, userId: string): number {
  return (
    executor
      .select({ used: sql<number>`coalesce(sum(${tracks.totalQuotaSeconds}), 0)` })
      .from(tracks)
      .where(and(eq(tracks.userId, userId), eq(tracks.status, "ACTIVE")))
      .get()?.used ?? 0
  );
}

type Executor = Pick<typeof db, "insert" | "update">;

/**
 * Sets a track's waveform: the full one in track_waveforms (GET /track/{id}) and the card-sized
 * preview in its row (the lists), always together so they never disagree.
 */
export function saveWaveformIn(executor: Executor, trackId: string, waveformData: number[]): void {
  executor
    .insert(trackWaveforms)
    .values({ trackId, waveformData })
    .onConflictDoUpdate({ target: trackWaveforms.trackId, set: { waveformData } })
    .run();
  executor
    .update(tracks)
    .set({ waveformPreview: waveformPreview(waveformData) })
    .where(eq(tracks.id, trackId))
    .run();
}

/** What a track page's cache checks on every request: one row by primary key, prepared once. */
const pageStateQuery = db
  .select({
    version: tracks.pageVersion,
    plays: tracks.totalPlays,
    downloads: tracks.totalDownloads,
    isPublic: tracks.isPublic,
    status: tracks.status,
  })
  .from(tracks)
  .where(eq(tracks.id, sql.placeholder("id")))
  .prepare();

/**
 * The whole row by id, behind every access check (each media request among them): prepared once, as
 * building a 40-column select costs a few hundred microseconds, ten times what running it does.
 */
const byIdQuery = db
  .select()
  .from(tracks)
  .where(eq(tracks.id, sql.placeholder("id")))
  .prepare();

const waveformQuery = db
  .select({ waveformData: trackWaveforms.waveformData })
  .from(trackWaveforms)
  .where(eq(trackWaveforms.trackId, sql.placeholder("trackId")))
  .prepare();

export const tracksRepo = {
  pageState: (id: string) => pageStateQuery.get({ id }),
  findById: (id: string): Track | undefined => byIdQuery.get({ id }),
  isSharedWith: (trackId: string, userId: string): boolean =>
    db
      .select({ trackId: trackShares.trackId })
      .from(trackShares)
      .where(and(eq(trackShares.trackId, trackId), eq(trackShares.userId, userId)))
      .get() !== undefined,

  usedQuotaSeconds: (userId: string): number => usedQuotaSecondsIn(db, userId),

  /**
   * Inserts a track and its stems in one transaction, after `admit(usedSeconds)` agrees. bun:sqlite
   * runs the transaction synchronously, so no other upload can slip in between the check and the insert.
   */
  insertWithinQuota: (
    track: TrackInsert,
    waveformData: number[],
    stemRows: StemInsert[],
    admit: (usedSeconds: number) => void,
  ): Track =>
    db.transaction((tx) => {
      admit(usedQuotaSecondsIn(tx, track.userId));
      const inserted = tx.insert(tracks).values(track).returning().get();
      saveWaveformIn(tx, inserted.id, waveformData);
      if (stemRows.length) tx.insert(stems).values(stemRows).run();
      return inserted;
    }),

  waveformOf: (trackId: string): number[] | null => waveformQuery.get({ trackId })?.waveformData ?? null,

  remove: (id: string): void => {
    db.delete(tracks).where(eq(tracks.id, id)).run();
  },
  update: (id: string, values: Partial<TrackInsert>): void => {
    db.update(tracks).set(values).where(eq(tracks.id, id)).run();
  },
  pendingIds: (): string[] =>
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(and(eq(tracks.processingStatus, "PENDING"), ne(tracks.status, "DELETED")))
      .all()
      .map((row) => row.id),

  /**
   * Tracks deleted before `cutoff` whose files are still kept. One still processing waits for its job
   * to end (READY or FAILED): purged earlier, the job would write its MP3 back into a deleted folder.
   */
  pendingDeletionBefore: (cutoff: Date): string[] =>
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(and(eq(tracks.status, "PENDING_DELETION"), lt(tracks.deletedAt, cutoff), ne(tracks.processingStatus, "PENDING")))
      .all()
      .map((row) => row.id),
  markDeleted: (id: string): void => {
    db.update(tracks)
      .set({ status: "DELETED" })
      .where(and(eq(tracks.id, id), eq(tracks.status, "PENDING_DELETION")))
      .run();
  },

  updateStem: (id: string, values: Partial<StemInsert>): void => {
    db.update(stems).set(values).where(eq(stems.id, id)).run();
  },
  findStemOf: (trackId: string, stemId: string): Stem | undefined =>
    db
      .select()
      .from(stems)
      .where(and(eq(stems.trackId, trackId), eq(stems.id, stemId)))
      .get(),
  listStemsOf: (trackId: string): Stem[] =>
    db.select().from(stems).where(eq(stems.trackId, trackId)).orderBy(asc(stems.index)).all(),

  /**
   * The public counters; the plays and media modules decide when something counts. A play or a
   * download is not an edit, so updatedAt keeps its value (drizzle's $onUpdateFn would bump it).
   */
  incrementPlays: (trackId: string): void => {
    db.update(tracks)
      .set({ totalPlays: sql`${tracks.totalPlays} + 1`, updatedAt: sql`${tracks.updatedAt}` })
      .where(eq(tracks.id, trackId))
      .run();
  },
  incrementDownloads: (trackId: string): void => {
    db.update(tracks)
      .set({ totalDownloads: sql`${tracks.totalDownloads} + 1`, updatedAt: sql`${tracks.updatedAt}` })
      .where(eq(tracks.id, trackId))
      .run();
  },

  sharesOf: (trackId: string): string[] =>
    db
      .select({ userId: trackShares.userId })
      .from(trackShares)
      .where(eq(trackShares.trackId, trackId))
      .orderBy(asc(trackShares.createdAt))
      .all()
      .map((row) => row.userId),
  /** Adds shares and answers the users newly added (those it was already shared with are skipped). */
  share: (trackId: string, userIds: string[]): string[] =>
    userIds.length
      ? db
          .insert(trackShares)
          .values(userIds.map((userId) => ({ trackId, userId })))
          .onConflictDoNothing()
          .returning({ userId: trackShares.userId })
          .all()
          .map((row) => row.userId)
      : [],
  unshare: (trackId: string, userIds: string[]): void => {
    if (userIds.length)
      db.delete(trackShares)
        .where(and(eq(trackShares.trackId, trackId), inArray(trackShares.userId, userIds)))
        .run();
  },
};
