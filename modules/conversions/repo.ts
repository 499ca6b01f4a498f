import { and, eq, lt } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { type Conversion, conversions } from "./schema";

/** Queries on the conversions table only. An absent row means NOT_STARTED. */
export const conversionsRepo = {
  find: (trackId: string, target: string, format: ConversionFormat): Conversion | undefined =>
    db
      .select()
      .from(conversions)
      .where(and(eq(conversions.trackId, trackId), eq(conversions.target, target), eq(conversions.format, format)))
      .get(),

  findById: (id: string): Conversion | undefined => db.select().from(conversions).where(eq(conversions.id, id)).get(),

  listForTrack: (trackId: string): Conversion[] => db.select().from(conversions).where(eq(conversions.trackId, trackId)).all(),

  /**
   * Claims the target for a new run: inserts it, or moves a FAILED row back to IN_PROGRESS. Returns
   * null when another run holds it or it is done; SQLite serialises writers, so two requests never both win.
   */
  claim: (trackId: string, target: string, format: ConversionFormat): Conversion | null =>
    db.transaction((tx) => {
      const existing = tx
        .select()
        .from(conversions)
        .where(and(eq(conversions.trackId, trackId), eq(conversions.target, target), eq(conversions.format, format)))
        .get();
      if (!existing) return tx.insert(conversions).values({ trackId, target, format, status: "IN_PROGRESS" }).returning().get();
      if (existing.status !== "FAILED" && existing.status !== "NOT_STARTED") return null;
      return tx
        .update(conversions)
        .set({ status: "IN_PROGRESS", error: null })
        .where(eq(conversions.id, existing.id))
        .returning()
        .get();
    }),

  /** Only a run still in progress may complete: a row deleted meanwhile (track gone) stays gone. */
  markCompleted: (id: string, fileKey: string, sizeBytes: number, expiresAt: Date): boolean =>
    db
      .update(conversions)
      .set({ status: "COMPLETED", fileKey, sizeBytes, expiresAt, error: null })
      .where(and(eq(conversions.id, id), eq(conversions.status, "IN_PROGRESS")))
      .returning({ id: conversions.id })
      .all().length > 0,

  /** Only a run still in progress may fail: a late error never overwrites a finished derivative. */
  markFailed: (id: string, error: string): void => {
    db.update(conversions)
      .set({ status: "FAILED", error })
      .where(and(eq(conversions.id, id), eq(conversions.status, "IN_PROGRESS")))
      .run();
  },

  /** Conversions a crash may have left without a job (boot sweep). */
  inProgressIds: (): string[] =>
    db
      .select({ id: conversions.id })
      .from(conversions)
      .where(eq(conversions.status, "IN_PROGRESS"))
      .all()
      .map((row) => row.id),

  /** Removes every conversion of a track and returns them, so their files can be deleted. */
  deleteForTrack: (trackId: string): Conversion[] =>
    db.delete(conversions).where(eq(conversions.trackId, trackId)).returning().all(),

  /** Removes completed derivatives past their expiry and returns them, so their files can be deleted. */
  deleteExpired: (now: Date): Conversion[] =>
    db
      .delete(conversions)
      .where(and(eq(conversions.status, "COMPLETED"), lt(conversions.expiresAt, now)))
      .returning()
      .all(),
};
