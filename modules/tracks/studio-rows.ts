import { and, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { saveWaveformIn, usedQuotaSecondsIn } from "./repo";
import { type Stem, stems, type Track, tracks } from "./schema";

/** Track columns, plus the waveform kept beside the row (track_waveforms). */
type TrackUpdate = Partial<typeof tracks.$inferInsert> & { waveformData?: number[] };
type StemInsert = typeof stems.$inferInsert;
type StemUpdate = Partial<StemInsert>;

/**
 * A fork studio change, in one transaction: the quota check of `addedSeconds` (`admit(used)`, which
 * throws to refuse), then the stem and track rows, with the track's charge moved by the same amount.
 * Refused, nothing is written. The track goes back to PENDING so the processing job makes what is new.
 */
export function changeWithinQuota(
  trackId: string,
  change: { track?: TrackUpdate; addStem?: StemInsert; updateStem?: { id: string; values: StemUpdate } },
  addedSeconds: number,
  admit: (usedSeconds: number) => void,
): void {
  db.transaction((tx) => {
    const track = tx.select().from(tracks).where(eq(tracks.id, trackId)).get() as Track;
    admit(usedQuotaSecondsIn(tx, track.userId));
    if (change.addStem) tx.insert(stems).values(change.addStem).run();
    if (change.updateStem) tx.update(stems).set(change.updateStem.values).where(eq(stems.id, change.updateStem.id)).run();
    const { waveformData, ...columns } = change.track ?? {};
    if (waveformData) saveWaveformIn(tx, trackId, waveformData);
    tx.update(tracks)
      .set({
        ...columns,
        processingStatus: "PENDING",
        processingError: null,
        totalQuotaSeconds: sql`${tracks.totalQuotaSeconds} + ${addedSeconds}`,
      })
      .where(eq(tracks.id, trackId))
      .run();
  });
}

/** A stem's name and type (no file change, nothing to process or charge). */
export function renameStem(stemId: string, values: Pick<Stem, "name" | "type">): void {
  db.update(stems).set(values).where(eq(stems.id, stemId)).run();
}

/** Removes a stem and its charge; the track is PENDING, its mix stale, until the mix is regenerated. */
export function removeStemRow(trackId: string, stem: Stem): void {
  db.transaction((tx) => {
    tx.delete(stems)
      .where(and(eq(stems.id, stem.id), eq(stems.trackId, trackId)))
      .run();
    tx.update(tracks)
      .set({
        processingStatus: "PENDING",
        processingError: null,
        mixStale: true,
        totalQuotaSeconds: sql`max(0, ${tracks.totalQuotaSeconds} - ${stem.duration ?? 0})`,
      })
      .where(eq(tracks.id, trackId))
      .run();
  });
}

/** The next free stem index (stems are listed by it). */
export function nextStemIndex(trackId: string): number {
  const row = db
    .select({ top: sql<number>`coalesce(max(${stems.index}), -1)` })
    .from(stems)
    .where(eq(stems.trackId, trackId))
    .get();
  return (row?.top ?? -1) + 1;
}

/** The regenerated mix becomes the track's audio; its MP3 and loudness follow from the processing job. */
export function setTrackAudio(trackId: string, values: TrackUpdate): void {
  const { waveformData, ...columns } = values;
  db.transaction((tx) => {
    if (waveformData) saveWaveformIn(tx, trackId, waveformData);
    tx.update(tracks).set(columns).where(eq(tracks.id, trackId)).run();
  });
}
