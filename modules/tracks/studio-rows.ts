import { and, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { transaction } from "../../src/server/db/transaction";
import { type Admit, saveWaveformIn } from "./repo";
import { type Stem, stems, tracks } from "./schema";

/** Track columns, plus the waveform kept beside the row (track_waveforms). */
type TrackUpdate = Partial<typeof tracks.$inferInsert> & { waveformData?: number[] };
type StemInsert = typeof stems.$inferInsert;
type StemUpdate = Partial<StemInsert>;

/**
 * A fork studio change, in one transaction: the quota check of `addedSeconds` (`admit`, which
 * throws to refuse), then the stem and track rows, with the track's charge moved by the same amount.
 * Refused, nothing is written. The track goes back to PENDING so the processing job makes what is new.
 */
export function changeWithinQuota(
  trackId: string,
  change: { track?: TrackUpdate; addStem?: StemInsert; updateStem?: { id: string; values: StemUpdate } },
  addedSeconds: number,
  admit: Admit,
): Promise<void> {
  return transaction(async (tx) => {
    await admit(tx);
    if (change.addStem) await tx.insert(stems).values(change.addStem);
    if (change.updateStem) await tx.update(stems).set(change.updateStem.values).where(eq(stems.id, change.updateStem.id));
    const { waveformData, ...columns } = change.track ?? {};
    if (waveformData) await saveWaveformIn(tx, trackId, waveformData);
    await tx
      .update(tracks)
      .set({
        ...columns,
        processingStatus: "PENDING",
        processingError: null,
        totalQuotaSeconds: sql`${tracks.totalQuotaSeconds} + ${addedSeconds}`,
      })
      .where(eq(tracks.id, trackId));
  });
}

/** A stem's name and type (no file change, nothing to process or charge). */
export async function renameStem(stemId: string, values: Pick<Stem, "name" | "type">): Promise<void> {
  await db.update(stems).set(values).where(eq(stems.id, stemId));
}

/** Removes a stem and its charge; the track is PENDING, its mix stale, until the mix is regenerated. */
export function removeStemRow(trackId: string, stem: Stem): Promise<void> {
  const removed = stem.duration ?? 0;
  return transaction(async (tx) => {
    await tx.delete(stems).where(and(eq(stems.id, stem.id), eq(stems.trackId, trackId)));
    await tx
      .update(tracks)
      .set({
        processingStatus: "PENDING",
        processingError: null,
        mixStale: true,
        // CASE rather than SQLite's two-argument max(), so the statement reads the same on PostgreSQL.
        totalQuotaSeconds: sql`case when ${tracks.totalQuotaSeconds} > ${removed} then ${tracks.totalQuotaSeconds} - ${removed} else 0 end`,
      })
      .where(eq(tracks.id, trackId));
  });
}

/** The next free stem index (stems are listed by it). */
export async function nextStemIndex(trackId: string): Promise<number> {
  const [row] = await db
    .select({ top: sql<number>`coalesce(max(${stems.index}), -1)` })
    .from(stems)
    .where(eq(stems.trackId, trackId));
  return Number(row?.top ?? -1) + 1;
}

/** The regenerated mix becomes the track's audio; its MP3 and loudness follow from the processing job. */
export function setTrackAudio(trackId: string, values: TrackUpdate): Promise<void> {
  const { waveformData, ...columns } = values;
  return transaction(async (tx) => {
    if (waveformData) await saveWaveformIn(tx, trackId, waveformData);
    await tx.update(tracks).set(columns).where(eq(tracks.id, trackId));
  });
}
