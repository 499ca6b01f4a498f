import { and, type Column, eq, like, ne, or, type SQL } from "drizzle-orm";
import { db } from "../../src/server/db";
import { fileStore } from "../../src/server/store";
import { COVER_SIZE_NAMES, trackKeys } from "./keys";
import { tracksRepo } from "./repo";
import { stems, type Track, tracks } from "./schema";

/**
 * Files are shared, never copied: a fork's rows name its original's keys, and a studio change gives
 * new files new keys. So a file may go only when no live row (ACTIVE or PENDING_DELETION: a pending
 * track may still be restored by a purge that has not run) names it, except the rows being let go.
 */
const live = ne(tracks.status, "DELETED");

/** Whether a live track row in `scope` has a file column that `matches`, or a stem of one does. */
async function anyLiveRowNames(scope: SQL | undefined, matches: (column: Column) => SQL): Promise<boolean> {
  const byTrack = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(live, scope, or(matches(tracks.originalKey), matches(tracks.mp3Key), matches(tracks.coverArtKey))))
    .limit(1);
  if (byTrack.length) return true;
  const byStem = await db
    .select({ id: stems.id })
    .from(stems)
    .innerJoin(tracks, eq(stems.trackId, tracks.id))
    .where(and(live, scope, or(matches(stems.fileKey), matches(stems.mp3Key))))
    .limit(1);
  return byStem.length > 0;
}

const trackNames = (key: string, exceptTrackId: string | null) =>
  anyLiveRowNames(exceptTrackId ? ne(tracks.id, exceptTrackId) : undefined, (column) => eq(column, key));

/** Whether a live row other than `exceptTrackId`'s names any key under `prefix` (a track's folder). */
const anyNamedUnder = (prefix: string, exceptTrackId: string) =>
  anyLiveRowNames(ne(tracks.id, exceptTrackId), (column) => like(column, `${prefix}/%`));

/** Every stored file a track's rows name, each with the key whose use decides it (a cover size: the page size). */
async function filesOf(track: Track): Promise<Array<{ key: string; namedAs: string }>> {
  const own = (key: string | null) => (key ? [{ key, namedAs: key }] : []);
  const cover = track.coverArtKey;
  const covers = cover ? COVER_SIZE_NAMES.map((size) => ({ key: trackKeys.coverVariant(cover, size), namedAs: cover })) : [];
  const stemFiles = (await tracksRepo.listStemsOf(track.id)).flatMap((stem) => [...own(stem.fileKey), ...own(stem.mp3Key)]);
  return [...own(track.originalKey), ...own(track.mp3Key), ...covers, ...stemFiles];
}

/**
 * Deletes those of `keys` that no live row names any more (after a studio change has pointed its
 * row at new files). A cover size follows its page size.
 */
export async function releaseFiles(keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (key && !(await trackNames(key, null))) await fileStore.delete(key);
  }
}

/**
 * A purged track's files: each goes unless another live track or stem names it. When nothing else
 * names anything in its folder, the whole folder goes (leftovers of interrupted jobs included).
 */
export async function deleteUnsharedFiles(track: Track): Promise<void> {
  const folder = trackKeys.folder(track.id);
  for (const { key, namedAs } of await filesOf(track)) {
    if (!(await trackNames(namedAs, track.id))) await fileStore.delete(key);
  }
  if (!(await anyNamedUnder(folder, track.id))) await fileStore.deletePrefix(folder);
}
