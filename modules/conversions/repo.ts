import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { perRuntime } from "../../src/server/runtime";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { type Conversion, conversions } from "./schema";

const ofTarget = (trackId: string, target: string, format: ConversionFormat) =>
  and(eq(conversions.trackId, trackId), eq(conversions.target, target), eq(conversions.format, format));

/** A track's conversions, read by every Track JSON: prepared once (building the select costs more than running it). */
const forTrackQuery = perRuntime(({ db }) =>
  db
    .select()
    .from(conversions)
    .where(eq(conversions.trackId, sql.placeholder("trackId")))
    .prepare(),
);

/** Queries on the conversions table only. An absent row means NOT_STARTED. */
export const conversionsRepo = {
  find: async (trackId: string, target: string, format: ConversionFormat): Promise<Conversion | undefined> =>
    (
      await db()
        .select()
        .from(conversions)
        .where(ofTarget(trackId, target, format))
        .limit(1)
    )[0],

  findById: async (id: string): Promise<Conversion | undefined> =>
    (await db().select().from(conversions).where(eq(conversions.id, id)).limit(1))[0],

  listForTrack: (trackId: string): Promise<Conversion[]> => forTrackQuery().execute({ trackId }),

  /**
   * Claims the target for a new run: inserts it, or moves a FAILED row back to IN_PROGRESS. Returns
   * null when another run holds it or it is done. Each step is one conditional statement (the unique
   * index refuses a second insert; the update matches only a row still claimable), so two requests
   * never both win, on any database.
   */
  claim: async (trackId: string, target: string, format: ConversionFormat): Promise<Conversion | null> => {
    const [inserted] = await db()
      .insert(conversions)
      .values({ trackId, target, format, status: "IN_PROGRESS" })
      .onConflictDoNothing({ target: [conversions.trackId, conversions.target, conversions.format] })
      .returning();
    if (inserted) return inserted;
    const [reclaimed] = await db()
      .update(conversions)
      .set({ status: "IN_PROGRESS", error: null })
      .where(and(ofTarget(trackId, target, format), inArray(conversions.status, ["FAILED", "NOT_STARTED"])))
      .returning();
    return reclaimed ?? null;
  },

  /** Only a run still in progress may complete: a row deleted meanwhile (track gone) stays gone. */
  markCompleted: async (id: string, fileKey: string, sizeBytes: number, expiresAt: Date): Promise<boolean> =>
    (
      await db()
        .update(conversions)
        .set({ status: "COMPLETED", fileKey, sizeBytes, expiresAt, error: null })
        .where(and(eq(conversions.id, id), eq(conversions.status, "IN_PROGRESS")))
        .returning({ id: conversions.id })
    ).length > 0,

  /** Only a run still in progress may fail: a late error never overwrites a finished derivative. */
  markFailed: async (id: string, error: string): Promise<void> => {
    await db()
      .update(conversions)
      .set({ status: "FAILED", error })
      .where(and(eq(conversions.id, id), eq(conversions.status, "IN_PROGRESS")));
  },

  /** Conversions a crash may have left without a job (boot sweep). */
  inProgressIds: async (): Promise<string[]> =>
    (await db().select({ id: conversions.id }).from(conversions).where(eq(conversions.status, "IN_PROGRESS"))).map(
      (row) => row.id,
    ),

  /** Removes every conversion of a track and returns them, so their files can be deleted. */
  deleteForTrack: (trackId: string): Promise<Conversion[]> =>
    db().delete(conversions).where(eq(conversions.trackId, trackId)).returning(),

  /** Removes the conversions of one target (the full track or a stem id) and returns them. */
  deleteForTarget: (trackId: string, target: string): Promise<Conversion[]> =>
    db()
      .delete(conversions)
      .where(and(eq(conversions.trackId, trackId), eq(conversions.target, target)))
      .returning(),

  /** Removes completed derivatives past their expiry and returns them, so their files can be deleted. */
  deleteExpired: (now: Date): Promise<Conversion[]> =>
    db()
      .delete(conversions)
      .where(and(eq(conversions.status, "COMPLETED"), lt(conversions.expiresAt, now)))
      .returning(),
};
