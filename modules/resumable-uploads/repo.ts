import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { holdLock, transaction } from "../../src/server/db/transaction";
import { type ResumableUpload, resumableUploads, type UploadPart } from "./schema";

const byId = (id: string) => eq(resumableUploads.id, id);

/** Queries on resumable_uploads only. */
export const resumableUploadsRepo = {
  /**
   * A new upload, unless the user's unused uploads still in their time and this one would pass `maxPendingBytes`: null
   * then (an expired one no longer counts, though the sweep may not have removed it yet). The sum and the insert run
   * under the user's lock, so two creations at once on two instances cannot both slip under the cap.
   */
  create: (
    values: { userId: string; length: number; metadata: Record<string, string>; expiresAt: Date },
    maxPendingBytes: number,
  ): Promise<ResumableUpload | null> =>
    transaction(async (tx) => {
      await holdLock(tx, `resumable-uploads:${values.userId}`);
      const [pending] = await tx
        .select({ bytes: sql<number>`coalesce(sum(${resumableUploads.length}), 0)` })
        .from(resumableUploads)
        .where(
          and(
            eq(resumableUploads.userId, values.userId),
            isNull(resumableUploads.usedAt),
            gt(resumableUploads.expiresAt, new Date()),
          ),
        );
      if (Number(pending?.bytes ?? 0) + values.length > maxPendingBytes) return null;
      const [row] = await tx
        .insert(resumableUploads)
        .values({ ...values, offset: 0, parts: [] })
        .returning();
      return row as ResumableUpload;
    }),

  find: async (id: string): Promise<ResumableUpload | undefined> =>
    (await db().select().from(resumableUploads).where(byId(id)).limit(1))[0],

  /**
   * Appends a received part, only if the upload is still at `from` and unused: of two requests that started at the
   * same offset (a retry racing a cut one still being finished) exactly one advances it. The new row, or null.
   */
  appendPart: async (id: string, from: number, part: UploadPart, expiresAt: Date): Promise<ResumableUpload | null> =>
    transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(resumableUploads)
        .where(and(byId(id), eq(resumableUploads.offset, from), isNull(resumableUploads.usedAt)))
        .limit(1);
      if (!row) return null;
      const [updated] = await tx
        .update(resumableUploads)
        .set({ offset: from + part.size, parts: [...row.parts, part], expiresAt })
        .where(and(byId(id), eq(resumableUploads.offset, from), isNull(resumableUploads.usedAt)))
        .returning();
      return updated ?? null;
    }),

  /** Marks a finished, unused upload used; false when another request used it first. */
  markUsed: async (id: string, now: Date): Promise<boolean> =>
    (
      await db()
        .update(resumableUploads)
        .set({ usedAt: now })
        .where(and(byId(id), isNull(resumableUploads.usedAt), eq(resumableUploads.offset, resumableUploads.length)))
        .returning({ id: resumableUploads.id })
    ).length > 0,

  delete: async (id: string): Promise<void> => {
    await db().delete(resumableUploads).where(byId(id));
  },

  /** Uploads past their expiry (a batch; the sweep runs until none is left). */
  expired: (now: Date, limit: number): Promise<ResumableUpload[]> =>
    db().select().from(resumableUploads).where(lt(resumableUploads.expiresAt, now)).limit(limit),
};
