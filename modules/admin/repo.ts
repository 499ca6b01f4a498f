import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { theRow } from "../../src/server/db/rows";
import type { Executor } from "../../src/server/db/transaction";
import { type FeatureFlag, featureFlags, type InviteCode, inviteCodes } from "./schema";

export const adminRepo = {
  listFlags: (): Promise<FeatureFlag[]> => db().select().from(featureFlags).orderBy(asc(featureFlags.name)),
  enabledFlagNames: async (): Promise<string[]> =>
    (
      await db()
        .select({ name: featureFlags.name })
        .from(featureFlags)
        .where(eq(featureFlags.isEnabled, true))
        .orderBy(asc(featureFlags.name))
    ).map((row) => row.name),
  findFlagByName: async (name: string): Promise<FeatureFlag | undefined> =>
    (await db().select().from(featureFlags).where(eq(featureFlags.name, name)).limit(1))[0],
  insertFlag: async (values: typeof featureFlags.$inferInsert): Promise<FeatureFlag> =>
    theRow(await db().insert(featureFlags).values(values).returning()),
  insertFlagIfAbsent: async (values: typeof featureFlags.$inferInsert): Promise<void> => {
    await db().insert(featureFlags).values(values).onConflictDoNothing({ target: featureFlags.name });
  },
  setFlagEnabled: async (id: string, isEnabled: boolean): Promise<FeatureFlag | undefined> =>
    (await db().update(featureFlags).set({ isEnabled }).where(eq(featureFlags.id, id)).returning())[0],

  listInviteCodes: (): Promise<InviteCode[]> => db().select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt)),
  insertInviteCode: async (values: typeof inviteCodes.$inferInsert): Promise<InviteCode> =>
    theRow(await db().insert(inviteCodes).values(values).returning()),
  setInviteCodeActive: async (id: string, isActive: boolean): Promise<InviteCode | undefined> =>
    (await db().update(inviteCodes).set({ isActive }).where(eq(inviteCodes.id, id)).returning())[0],
  /**
   * Uses one invite in a single conditional UPDATE, so two signups can never both take the last use,
   * whatever the database: only an active, unexpired code below its limit matches.
   */
  consumeInviteCode: async (code: string, now: Date, executor: Executor = db()): Promise<boolean> =>
    (
      await executor
        .update(inviteCodes)
        .set({ usedCount: sql`${inviteCodes.usedCount} + 1` })
        .where(
          and(
            eq(inviteCodes.code, code),
            eq(inviteCodes.isActive, true),
            lt(inviteCodes.usedCount, inviteCodes.maxUses),
            or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, now)),
          ),
        )
        .returning({ id: inviteCodes.id })
    ).length === 1,
};
