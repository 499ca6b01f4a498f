import { eq, isNull } from "drizzle-orm";
import { db } from "../../src/server/db";
import { transaction } from "../../src/server/db/transaction";
import { log } from "../../src/server/logger";
import { LIST_WAVEFORM_PAIRS, shrinkWaveform } from "../../src/shared/waveform";
import { tracks, trackWaveforms } from "./schema";

/** The card-sized copy of a track's waveform that lists carry (stored in the track row). */
export function waveformPreview(waveformData: number[]): number[] {
  return shrinkWaveform(waveformData, LIST_WAVEFORM_PAIRS);
}

const BATCH = 200;

/** Fills the preview of tracks uploaded before it existed (migration 0004); a no-op once done. */
export async function backfillWaveformPreviews(): Promise<void> {
  let filled = 0;
  for (;;) {
    const rows = await db()
      .select({ id: tracks.id, waveformData: trackWaveforms.waveformData })
      .from(tracks)
      .innerJoin(trackWaveforms, eq(trackWaveforms.trackId, tracks.id))
      .where(isNull(tracks.waveformPreview))
      .limit(BATCH);
    if (rows.length === 0) break;
    await transaction(async (tx) => {
      for (const row of rows)
        await tx
          .update(tracks)
          .set({ waveformPreview: waveformPreview(row.waveformData) })
          .where(eq(tracks.id, row.id));
    });
    filled += rows.length;
  }
  if (filled) log.info("waveform previews filled", { tracks: filled });
}
