import { and, type Column, eq, inArray, like, lt, ne, or, type SQL } from "drizzle-orm";
import { db } from "../../src/server/db";
import { transaction } from "../../src/server/db/transaction";
import { purgeCommentsOfIn } from "../comments/service";
import { stems, tracks } from "../tracks/schema";
import { markPurgedIn } from "../tracks/service";
import { filesInFlight } from "./schema";

/**
 * Files are shared, never copied: a fork's rows name its original's keys, and a studio change gives
 * new files new keys. So a file may go only when no live row (ACTIVE or PENDING_DELETION: a pending
 * track may still be restored by a purge that has not run) names it, except the rows being let go.
 */
const live = ne(tracks.status, "DELETED");

/** Whether a live track row in `scope` has a file column that `matches`, or a stem of one does. */
async function anyLiveRowNames(scope: SQL | undefined, matches: (column: Column) => SQL): Promise<boolean> {
  const byTrack = await db()
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(live, scope, or(matches(tracks.originalKey), matches(tracks.mp3Key), matches(tracks.coverArtKey))))
    .limit(1);
  if (byTrack.length) return true;
  const byStem = await db()
    .select({ id: stems.id })
    .from(stems)
    .innerJoin(tracks, eq(stems.trackId, tracks.id))
    .where(and(live, scope, or(matches(stems.fileKey), matches(stems.mp3Key))))
    .limit(1);
  return byStem.length > 0;
}

export type InFlight = { id: string; key: string };

/** The file lifecycle's queries: the files_in_flight records, and which files live rows of tracks and stems name. */
export const trackFilesRepo = {
  /** Whether a live row other than `exceptTrackId`'s (none: any live row) names `key`. */
  anyLiveRowNamesKey: (key: string, exceptTrackId: string | null): Promise<boolean> =>
    anyLiveRowNames(exceptTrackId ? ne(tracks.id, exceptTrackId) : undefined, (column) => eq(column, key)),

  /** Whether a live row other than `exceptTrackId`'s names any key under `prefix` (a track's folder). */
  anyLiveRowNamesUnder: (prefix: string, exceptTrackId: string): Promise<boolean> =>
    anyLiveRowNames(ne(tracks.id, exceptTrackId), (column) => like(column, `${prefix}/%`)),

  recordInFlight: async (rows: Array<InFlight & { createdAt: Date }>): Promise<void> => {
    if (rows.length) await db().insert(filesInFlight).values(rows);
  },
  forgetInFlight: async (ids: string[]): Promise<void> => {
    if (ids.length) await db().delete(filesInFlight).where(inArray(filesInFlight.id, ids));
  },
  /** Records older than `cutoff`, or every record when it is null. */
  inFlightBefore: (cutoff: Date | null): Promise<InFlight[]> =>
    db()
      .select({ id: filesInFlight.id, key: filesInFlight.key })
      .from(filesInFlight)
      .where(cutoff ? lt(filesInFlight.createdAt, cutoff) : undefined),

  /**
   * Tracks deleted before `cutoff` whose files are still kept. One still processing waits for its job
   * to end (READY or FAILED): purged earlier, the job would write its MP3 back into a deleted folder.
   */
  pendingDeletionBefore: async (cutoff: Date): Promise<string[]> =>
    (
      await db()
        .select({ id: tracks.id })
        .from(tracks)
        .where(and(eq(tracks.status, "PENDING_DELETION"), lt(tracks.deletedAt, cutoff), ne(tracks.processingStatus, "PENDING")))
    ).map((row) => row.id),
  /** The track becomes DELETED, and its comments go with it (a restore may bring back only a pending track). */
  markDeleted: async (id: string): Promise<void> => {
    await transaction(async (tx) => {
      if (await markPurgedIn(tx, id)) await purgeCommentsOfIn(tx, id);
    });
  },
};
