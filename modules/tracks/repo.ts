import { and, asc, eq, getTableColumns, gt, inArray, ne, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { inJsonArray } from "../../src/server/db/portable";
import { theRow } from "../../src/server/db/rows";
import { type Executor, transaction } from "../../src/server/db/transaction";
import { perRuntime } from "../../src/server/runtime";
import {
  type ListedTrack,
  listedTrackColumns,
  type NewStem,
  type NewTrack,
  type OwnedTrack,
  type Stem,
  stems,
  type Track,
  type TrackChange,
  trackShares,
  tracks,
  trackWaveforms,
} from "./schema";
import { waveformPreview } from "./waveform-preview";

/**
 * Sets the forkCount of each changed track's parent to its active forks, after forks left (deleted) or came back (restored): the
 * count the track page's "View Forks (N)" shows must be the forks that exist. Its own update time is kept, as a
 * new fork's +1 keeps it (insertForkIn).
 */
async function recountForksIn(executor: Executor, changed: { forkedFromId: string | null }[]): Promise<void> {
  const ids = [...new Set(changed.flatMap(({ forkedFromId }) => (forkedFromId ? [forkedFromId] : [])))];
  if (!ids.length) return;
  await executor
    .update(tracks)
    .set({
      forkCount: sql`(select count(*) from tracks as child where child.forked_from_id = ${tracks.id} and child.status = 'ACTIVE')`,
      updatedAt: sql`${tracks.updatedAt}`,
    })
    .where(inArray(tracks.id, ids));
}

/**
 * Seconds charged to a user: their active tracks only. Deleting frees the space at once, while the
 * files wait out the grace period (modules/track-files/purge.ts). The quota reply and the charges' check both read this.
 */
async function usedQuotaSecondsIn(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ used: sql<number>`coalesce(sum(${tracks.totalQuotaSeconds}), 0)` })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), eq(tracks.status, "ACTIVE")));
  return Number(row?.used ?? 0);
}

/**
 * Sets a track's waveform: the full one in track_waveforms (GET /track/{id}) and the card-sized
 * preview in its row (the lists), always together so they never disagree.
 */
async function saveWaveformIn(executor: Executor, trackId: string, waveformData: number[]): Promise<void> {
  await executor
    .insert(trackWaveforms)
    .values({ trackId, waveformData })
    .onConflictDoUpdate({ target: trackWaveforms.trackId, set: { waveformData } });
  await executor
    .update(tracks)
    .set({ waveformPreview: waveformPreview(waveformData) })
    .where(eq(tracks.id, trackId));
}

/** What a kept public page checks on every request (modules/pages): one row by primary key, prepared once. */
const pageStateQuery = perRuntime(({ db }) =>
  db
    .select({
      version: tracks.pageVersion,
      plays: tracks.totalPlays,
      downloads: tracks.totalDownloads,
      likes: tracks.likeCount,
      isPublic: tracks.isPublic,
      status: tracks.status,
      ownerId: tracks.userId,
      parentId: tracks.forkedFromId,
    })
    .from(tracks)
    .where(eq(tracks.id, sql.placeholder("id")))
    .prepare(),
);

/**
 * The whole row by id, behind every access check (each media request among them): prepared once, as
 * building a 40-column select costs a few hundred microseconds, ten times what running it does.
 */
const byIdQuery = perRuntime(({ db }) =>
  db
    .select()
    .from(tracks)
    .where(eq(tracks.id, sql.placeholder("id")))
    .prepare(),
);

/** A track's stems in order, read by every Track JSON. */
const stemsQuery = perRuntime(({ db }) =>
  db
    .select()
    .from(stems)
    .where(eq(stems.trackId, sql.placeholder("trackId")))
    .orderBy(asc(stems.index))
    .prepare(),
);

const waveformQuery = perRuntime(({ db }) =>
  db
    .select({ waveformData: trackWaveforms.waveformData })
    .from(trackWaveforms)
    .where(eq(trackWaveforms.trackId, sql.placeholder("trackId")))
    .prepare(),
);

/** The page versions of these tracks (the ids go in as one JSON array): whether a kept list item is current. */
const pageVersionsQuery = perRuntime(({ db }) =>
  db
    .select({ id: tracks.id, version: tracks.pageVersion })
    .from(tracks)
    .where(inJsonArray(tracks.id, sql.placeholder("ids")))
    .prepare(),
);

/** The list-sized rows of these tracks (the ids go in as one JSON array), in no particular order. */
const listedQuery = perRuntime(({ db }) =>
  db
    .select(listedTrackColumns)
    .from(tracks)
    .where(inJsonArray(tracks.id, sql.placeholder("ids")))
    .prepare(),
);

export const tracksRepo = {
  pageVersionsOf: async (ids: string[]): Promise<Map<string, number>> =>
    new Map((await pageVersionsQuery().execute({ ids: JSON.stringify(ids) })).map((row) => [row.id, row.version])),
  listedByIds: (ids: string[]): Promise<ListedTrack[]> => listedQuery().execute({ ids: JSON.stringify(ids) }),
  pageState: async (id: string) => (await pageStateQuery().execute({ id }))[0],
  findById: async (id: string): Promise<Track | undefined> => (await byIdQuery().execute({ id }))[0],
  isSharedWith: async (trackId: string, userId: string): Promise<boolean> =>
    (
      await db()
        .select({ trackId: trackShares.trackId })
        .from(trackShares)
        .where(and(eq(trackShares.trackId, trackId), eq(trackShares.userId, userId)))
        .limit(1)
    ).length > 0,

  /** A user's tracks not yet purged, oldest first, without the card waveform (an account export reads thousands). */
  listOwnedBy: (userId: string): Promise<OwnedTrack[]> => {
    const { waveformPreview: _, ...columns } = getTableColumns(tracks);
    return db()
      .select(columns)
      .from(tracks)
      .where(and(eq(tracks.userId, userId), ne(tracks.status, "DELETED")))
      .orderBy(asc(tracks.createdAt), asc(tracks.id));
  },
  /** The active tracks shared with a user, with whose they are and since when. */
  sharedWith: (userId: string): Promise<{ trackId: string; title: string; ownerId: string; sharedAt: Date }[]> =>
    db()
      .select({ trackId: tracks.id, title: tracks.title, ownerId: tracks.userId, sharedAt: trackShares.createdAt })
      .from(trackShares)
      .innerJoin(tracks, eq(tracks.id, trackShares.trackId))
      .where(and(eq(trackShares.userId, userId), eq(tracks.status, "ACTIVE")))
      .orderBy(asc(trackShares.createdAt)),

  usedQuotaSeconds: (userId: string, executor: Executor = db()): Promise<number> => usedQuotaSecondsIn(executor, userId),
  /** How many active tracks a user has (the admin's Users screen). */
  activeTrackCount: async (userId: string): Promise<number> =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(tracks)
          .where(and(eq(tracks.userId, userId), eq(tracks.status, "ACTIVE")))
      )[0]?.n ?? 0,
    ),

  /** A track, its waveform and its stems, in the caller's transaction. */
  insertIn: async (executor: Executor, track: NewTrack, waveformData: number[], stemRows: NewStem[]): Promise<Track> => {
    const inserted = theRow(await executor.insert(tracks).values(track).returning());
    await saveWaveformIn(executor, inserted.id, waveformData);
    if (stemRows.length) await executor.insert(stems).values(stemRows);
    return inserted;
  },

  /**
   * A fork's rows in the caller's transaction: the track, its waveform and its stems, then the original's
   * forkCount + 1, which keeps the original's update time (a fork is not an edit of it).
   */
  insertForkIn: async (
    executor: Executor,
    fork: NewTrack & { forkedFromId: string },
    waveformData: number[] | null,
    stemRows: NewStem[],
  ): Promise<Track> => {
    const inserted = theRow(await executor.insert(tracks).values(fork).returning());
    if (waveformData) await saveWaveformIn(executor, inserted.id, waveformData);
    if (stemRows.length) await executor.insert(stems).values(stemRows);
    await executor
      .update(tracks)
      .set({ forkCount: sql`${tracks.forkCount} + 1`, updatedAt: sql`${tracks.updatedAt}` })
      .where(eq(tracks.id, fork.forkedFromId));
    return inserted;
  },

  /** The columns (and waveform) a change sets; the track back to PENDING, its charge moved by `addedSeconds`. */
  reprocessIn: async (executor: Executor, trackId: string, change: TrackChange, addedSeconds: number): Promise<void> => {
    const { waveformData, ...columns } = change;
    if (waveformData) await saveWaveformIn(executor, trackId, waveformData);
    await executor
      .update(tracks)
      .set({
        ...columns,
        processingStatus: "PENDING",
        processingError: null,
        totalQuotaSeconds: sql`${tracks.totalQuotaSeconds} + ${addedSeconds}`,
      })
      .where(eq(tracks.id, trackId));
  },

  /** Columns and the waveform together, in one transaction. */
  change: (trackId: string, change: TrackChange): Promise<void> => {
    const { waveformData, ...columns } = change;
    return transaction(async (tx) => {
      if (waveformData) await saveWaveformIn(tx, trackId, waveformData);
      await tx.update(tracks).set(columns).where(eq(tracks.id, trackId));
    });
  },

  addStemIn: async (executor: Executor, stem: NewStem): Promise<void> => {
    await executor.insert(stems).values(stem);
  },
  /** Removes the track's stem and refunds `refunded` seconds of its charge; with `stale`, its mix waits to be remade. */
  removeStemIn: async (executor: Executor, trackId: string, stemId: string, refunded: number, stale: boolean): Promise<void> => {
    await executor.delete(stems).where(and(eq(stems.id, stemId), eq(stems.trackId, trackId)));
    await executor
      .update(tracks)
      .set({
        ...(stale ? { processingStatus: "PENDING" as const, processingError: null, mixStale: true } : {}),
        // CASE rather than SQLite's two-argument max(), so the statement reads the same on PostgreSQL.
        totalQuotaSeconds: sql`case when ${tracks.totalQuotaSeconds} > ${refunded} then ${tracks.totalQuotaSeconds} - ${refunded} else 0 end`,
      })
      .where(eq(tracks.id, trackId));
  },

  /** A pending-deletion track becomes DELETED (its files purged); false when it was not pending. */
  markDeletedIn: async (executor: Executor, id: string): Promise<boolean> => {
    const purged = await executor
      .update(tracks)
      .set({ status: "DELETED" })
      .where(and(eq(tracks.id, id), eq(tracks.status, "PENDING_DELETION")))
      .returning({ id: tracks.id });
    return purged.length > 0;
  },

  waveformOf: async (trackId: string): Promise<number[] | null> =>
    (await waveformQuery().execute({ trackId }))[0]?.waveformData ?? null,

  remove: async (id: string): Promise<void> => {
    await db().delete(tracks).where(eq(tracks.id, id));
  },
  update: async (id: string, values: Partial<NewTrack>): Promise<void> => {
    await db().update(tracks).set(values).where(eq(tracks.id, id));
  },
  pendingIds: async (): Promise<string[]> =>
    (
      await db()
        .select({ id: tracks.id })
        .from(tracks)
        .where(and(eq(tracks.processingStatus, "PENDING"), ne(tracks.status, "DELETED")))
    ).map((row) => row.id),

  /** The oldest track whose audio (or a stem's) waits to have its loudness measured again. */
  nextLoudnessPending: async (): Promise<Track | undefined> =>
    (
      await db()
        .select()
        .from(tracks)
        .where(and(eq(tracks.loudnessPending, true), ne(tracks.status, "DELETED")))
        .orderBy(asc(tracks.createdAt), asc(tracks.id))
        .limit(1)
    )[0],
  /**
   * A measurement of the track's audio, kept only while `originalKey` is still its audio: a replacement or a new mix
   * made meanwhile is measured by its own processing, which this must not overwrite.
   */
  recordLoudness: async (id: string, originalKey: string, values: Pick<NewTrack, "loudnessLufs" | "truePeakDb">) => {
    await db()
      .update(tracks)
      .set(values)
      .where(and(eq(tracks.id, id), eq(tracks.originalKey, originalKey)));
  },
  recordStemLoudness: async (id: string, fileKey: string, values: Pick<NewStem, "loudnessLufs" | "truePeakDb">) => {
    await db()
      .update(stems)
      .set({ ...values, loudnessPending: false })
      .where(and(eq(stems.id, id), eq(stems.fileKey, fileKey)));
  },
  updateStem: async (id: string, values: Partial<NewStem>, executor: Executor = db()): Promise<void> => {
    await executor.update(stems).set(values).where(eq(stems.id, id));
  },
  findStemOf: async (trackId: string, stemId: string): Promise<Stem | undefined> =>
    (
      await db()
        .select()
        .from(stems)
        .where(and(eq(stems.trackId, trackId), eq(stems.id, stemId)))
        .limit(1)
    )[0],
  listStemsOf: (trackId: string): Promise<Stem[]> => stemsQuery().execute({ trackId }),

  /**
   * The public counters; the plays and media modules decide when something counts. A play or a
   * download is not an edit, so updatedAt keeps its value (drizzle's $onUpdateFn would bump it).
   */
  incrementPlays: async (trackId: string, executor: Executor = db()): Promise<void> => {
    await executor
      .update(tracks)
      .set({ totalPlays: sql`${tracks.totalPlays} + 1`, updatedAt: sql`${tracks.updatedAt}` })
      .where(eq(tracks.id, trackId));
  },
  /**
   * Likes added (+1) or withdrawn (-1), inside the likes module's transaction; answers the count. Nothing is written
   * for no change: an update that changes no counter raises the page version (migration 0004's trigger).
   */
  adjustLikeCount: async (trackId: string, delta: number, executor: Executor): Promise<number> => {
    const [row] = delta
      ? await executor
          .update(tracks)
          .set({ likeCount: sql`${tracks.likeCount} + ${delta}`, updatedAt: sql`${tracks.updatedAt}` })
          .where(eq(tracks.id, trackId))
          .returning({ likeCount: tracks.likeCount })
      : await executor.select({ likeCount: tracks.likeCount }).from(tracks).where(eq(tracks.id, trackId));
    return row?.likeCount ?? 0;
  },
  incrementDownloads: async (trackId: string): Promise<void> => {
    await db()
      .update(tracks)
      .set({ totalDownloads: sql`${tracks.totalDownloads} + 1`, updatedAt: sql`${tracks.updatedAt}` })
      .where(eq(tracks.id, trackId));
  },

  sharesOf: async (trackId: string): Promise<string[]> =>
    (
      await db()
        .select({ userId: trackShares.userId })
        .from(trackShares)
        .where(eq(trackShares.trackId, trackId))
        .orderBy(asc(trackShares.createdAt))
    ).map((row) => row.userId),
  /** Adds shares and answers the users newly added (those it was already shared with are skipped). */
  share: async (trackId: string, userIds: string[]): Promise<string[]> =>
    userIds.length
      ? (
          await db()
            .insert(trackShares)
            .values(userIds.map((userId) => ({ trackId, userId })))
            .onConflictDoNothing()
            .returning({ userId: trackShares.userId })
        ).map((row) => row.userId)
      : [],
  unshare: async (trackId: string, userIds: string[]): Promise<void> => {
    if (userIds.length)
      await db()
        .delete(trackShares)
        .where(and(eq(trackShares.trackId, trackId), inArray(trackShares.userId, userIds)));
  },

  /**
   * Moves active tracks to PENDING_DELETION in one statement and answers the ids it moved.
   * With `ownerId`, only that user's tracks are touched, whatever ids were asked for.
   */
  /** What an artist's page counts of their public, active tracks: all of them, the forks among them, their plays. */
  publicCountsOf: async (userId: string): Promise<{ tracks: number; forks: number; plays: number }> => {
    const [row] = await db()
      .select({
        tracks: sql<number>`count(*)`,
        forks: sql<number>`count(${tracks.forkedFromId})`,
        plays: sql<number>`coalesce(sum(${tracks.totalPlays}), 0)`,
      })
      .from(tracks)
      .where(and(eq(tracks.userId, userId), eq(tracks.status, "ACTIVE"), eq(tracks.isPublic, true)));
    // PostgreSQL's count and sum arrive as text.
    return { tracks: Number(row?.tracks ?? 0), forks: Number(row?.forks ?? 0), plays: Number(row?.plays ?? 0) };
  },

  /** A deleted account's part (see auth's AccountLeaving): its active tracks to PENDING_DELETION, shares with it gone. */
  async leave(userId: string, now: Date, executor: Executor): Promise<void> {
    const moved = await executor
      .update(tracks)
      .set({ status: "PENDING_DELETION", deletedAt: now })
      .where(and(eq(tracks.userId, userId), eq(tracks.status, "ACTIVE")))
      .returning({ forkedFromId: tracks.forkedFromId });
    await recountForksIn(executor, moved);
    await executor.delete(trackShares).where(eq(trackShares.userId, userId));
  },

  /**
   * Back to ACTIVE, when the track is still pending and was deleted after `deletedAfter`; false when not. The purge
   * takes only tracks deleted before its own cutoff, so a track this restores is never one whose files it is deleting.
   */
  restorePending: (id: string, deletedAfter: Date): Promise<boolean> =>
    transaction(async (tx) => {
      const restored = await tx
        .update(tracks)
        .set({ status: "ACTIVE", deletedAt: null })
        .where(and(eq(tracks.id, id), eq(tracks.status, "PENDING_DELETION"), gt(tracks.deletedAt, deletedAfter)))
        .returning({ forkedFromId: tracks.forkedFromId });
      await recountForksIn(tx, restored);
      return restored.length === 1;
    }),

  markPendingDeletion: (ids: string[], ownerId: string | null): Promise<string[]> =>
    transaction(async (tx) => {
      const moved = await tx
        .update(tracks)
        .set({ status: "PENDING_DELETION", deletedAt: new Date() })
        .where(and(inArray(tracks.id, ids), eq(tracks.status, "ACTIVE"), ownerId ? eq(tracks.userId, ownerId) : undefined))
        .returning({ id: tracks.id, forkedFromId: tracks.forkedFromId });
      await recountForksIn(tx, moved);
      return moved.map((row) => row.id);
    }),
};
