import { and, desc, eq, lt, ne } from "drizzle-orm";
import { db } from "../../src/server/db";
import { holdLock, transaction } from "../../src/server/db/transaction";
import { type AccountExport, accountExports } from "./schema";

/** What asking for a new export came to: the one already running, a refusal (with when it may be asked again), or a new row. */
export type StartOutcome =
  | { kind: "pending"; row: AccountExport }
  | { kind: "limited"; retryAt: Date }
  | { kind: "created"; row: AccountExport };

const byId = (id: string) => eq(accountExports.id, id);
const pendingOnly = (id: string) => and(byId(id), eq(accountExports.status, "PENDING"));

/** Queries on account_exports only. */
export const exportsRepo = {
  /**
   * One export running per user, and a new one only when `admit` agrees (the daily limit). The check and the insert
   * run under the user's lock (PostgreSQL: an advisory lock; SQLite: one writer), so two requests at once on two
   * instances still make one export.
   */
  start: (userId: string, admit: () => Promise<Date | null>): Promise<StartOutcome> =>
    transaction(async (tx) => {
      await holdLock(tx, `account-export:${userId}`);
      const [pending] = await tx
        .select()
        .from(accountExports)
        .where(and(eq(accountExports.userId, userId), eq(accountExports.status, "PENDING")))
        .limit(1);
      if (pending) return { kind: "pending", row: pending };
      const retryAt = await admit();
      if (retryAt) return { kind: "limited", retryAt };
      const [row] = await tx.insert(accountExports).values({ userId, status: "PENDING" }).returning();
      return { kind: "created", row: row as AccountExport };
    }),

  find: async (id: string): Promise<AccountExport | undefined> =>
    (await db().select().from(accountExports).where(byId(id)).limit(1))[0],

  /** A user's exports, newest first: a handful at most (older ready ones are replaced, the sweep removes the rest). */
  listForUser: (userId: string): Promise<AccountExport[]> =>
    db()
      .select()
      .from(accountExports)
      .where(eq(accountExports.userId, userId))
      .orderBy(desc(accountExports.createdAt), desc(accountExports.id))
      .limit(20),

  /** Only a run still PENDING may finish: a second run of the same job, or a deleted row, changes nothing. */
  markReady: async (
    id: string,
    values: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
  ): Promise<boolean> =>
    (
      await db()
        .update(accountExports)
        .set({ status: "READY", ...values })
        .where(pendingOnly(id))
        .returning({ id: accountExports.id })
    ).length > 0,

  /** Only a run still PENDING may fail: a late error never overwrites a finished export. */
  markFailed: async (id: string): Promise<boolean> =>
    (await db().update(accountExports).set({ status: "FAILED" }).where(pendingOnly(id)).returning({ id: accountExports.id }))
      .length > 0,

  /** Exports a crash may have left without a job (boot). */
  pendingIds: async (): Promise<string[]> =>
    (await db().select({ id: accountExports.id }).from(accountExports).where(eq(accountExports.status, "PENDING"))).map(
      (row) => row.id,
    ),

  /** The user's other READY exports, which a newer one replaces. */
  readyOtherThan: (userId: string, keepId: string): Promise<AccountExport[]> =>
    db()
      .select()
      .from(accountExports)
      .where(and(eq(accountExports.userId, userId), eq(accountExports.status, "READY"), ne(accountExports.id, keepId))),

  /** READY exports past their expiry, and FAILED ones older than `failedBefore` (they hold no file). */
  expired: async (now: Date, failedBefore: Date): Promise<AccountExport[]> => [
    ...(await db()
      .select()
      .from(accountExports)
      .where(and(eq(accountExports.status, "READY"), lt(accountExports.expiresAt, now)))),
    ...(await db()
      .select()
      .from(accountExports)
      .where(and(eq(accountExports.status, "FAILED"), lt(accountExports.createdAt, failedBefore)))),
  ],

  remove: async (id: string): Promise<void> => {
    await db().delete(accountExports).where(byId(id));
  },
};
