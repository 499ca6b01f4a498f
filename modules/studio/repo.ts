import { eq, sql } from "drizzle-orm";
import { type Executor, holdLock, transaction } from "../../src/server/db/transaction";
import { badRequest, conflict } from "../../src/server/errors";
import { MAX_STEMS, TOO_MANY_STEMS } from "../../src/shared/upload-rules";
import { stems, tracks } from "../tracks/schema";
import {
  type Admit,
  addStemIn,
  type NewStem,
  removeStemIn,
  reprocessIn,
  type Stem,
  type TrackChange,
  updateStem,
} from "../tracks/service";

/** A studio change while the track is processing (its previous change, a stem's MP3, a regenerated mix) or since changed. */
export const STUDIO_BUSY = "This track is still being processed; try again in a moment";
export const LAST_STEM_STAYS = "The last stem cannot be removed: the track's mix is made from its stems";

/** The track as a studio change read it when the request began (findStudioTrack: not PENDING then). */
export type CheckedTrack = { id: string; updatedAt: Date };

/**
 * Opens a studio change inside its transaction: holds the track's lock, so changes to one track decide one
 * after another on every instance, each on what the one before committed. A change checked its file against
 * the track (and stem) it read when the request began, and two requests may both have read it before either
 * wrote; so here it learns how many stems there are now and the next index, and `busy` refuses it (409) if
 * the track changed since it was read: another change, or its processing, came first (every write to a
 * track row moves its updatedAt, except the play, download and fork counters, which keep it).
 */
async function openChange(tx: Executor, checked: CheckedTrack) {
  await holdLock(tx, `studio:${checked.id}`);
  const [track] = await tx.select({ updatedAt: tracks.updatedAt }).from(tracks).where(eq(tracks.id, checked.id));
  const [row] = await tx
    .select({ count: sql<number>`count(*)`, top: sql<number>`coalesce(max(${stems.index}), -1)` })
    .from(stems)
    .where(eq(stems.trackId, checked.id));
  const busy = () => {
    if (track?.updatedAt.getTime() !== checked.updatedAt.getTime()) throw conflict(STUDIO_BUSY);
  };
  return { busy, stemCount: Number(row?.count ?? 0), nextIndex: Number(row?.top ?? -1) + 1 };
}

/**
 * A fork studio change, in one transaction under the track's lock (openChange): a stem added past
 * MAX_STEMS is refused (400), a change to a track changed since it was read (409), then the quota check of
 * `addedSeconds` (`admit`, which throws to refuse); then the stem (an added one after the last) and track
 * rows, with the track's charge moved by the same amount. Refused, nothing is written. The track goes
 * back to PENDING so the processing job makes what is new.
 */
export function changeWithinQuota(
  checked: CheckedTrack,
  change: { track?: TrackChange; addStem?: Omit<NewStem, "index">; updateStem?: { id: string; values: Partial<NewStem> } },
  addedSeconds: number,
  admit: Admit,
): Promise<void> {
  return transaction(async (tx) => {
    const now = await openChange(tx, checked);
    if (change.addStem && now.stemCount >= MAX_STEMS) throw badRequest(TOO_MANY_STEMS);
    now.busy();
    await admit(tx);
    if (change.addStem) await addStemIn(tx, { ...change.addStem, index: now.nextIndex });
    if (change.updateStem) await updateStem(change.updateStem.id, change.updateStem.values, tx);
    await reprocessIn(tx, checked.id, change.track ?? {}, addedSeconds);
  });
}

/**
 * Removes a stem and refunds what it cost the track (`refunded`: modules/studio/charges.ts), under the track's lock
 * like every studio change (openChange). With `remix` (a fork, whose full track is the sum of its stems) the last
 * stem stays (a mix of nothing would be silence) and the track is PENDING, its mix stale, until the mix is
 * regenerated; without (an original, whose full track is the uploaded master) only the stem and its charge go.
 */
export function removeStemRow(checked: CheckedTrack, stem: Stem, refunded: number, remix: boolean): Promise<void> {
  return transaction(async (tx) => {
    const now = await openChange(tx, checked);
    if (remix && now.stemCount <= 1) throw badRequest(LAST_STEM_STAYS);
    now.busy();
    await removeStemIn(tx, checked.id, stem.id, refunded, remix);
  });
}
