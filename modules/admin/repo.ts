import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type FeatureFlag, featureFlags, type InviteCode, inviteCodes } from "./schema";

export const adminRepo = {
  listFlags: (): FeatureFlag[] => db.select().from(featureFlags).orderBy(asc(featureFlags.name)).all(),
  enabledFlagNames: (): string[] =>
    db
      .select({ name: featureFlags.name })
      .from(featureFlags)
      .where(eq(featureFlags.isEnabled, true))
      .orderBy(asc(featureFlags.name))
      .all()
      .map((row) => row.name),
  findFlagByName: (name: string): FeatureFlag | undefined =>
    db.select().from(featureFlags).where(eq(featureFlags.name, name)).get(),
  insertFlag: (values: typeof featureFlags.$inferInsert): FeatureFlag => db.insert(featureFlags).values(values).returning().get(),
  insertFlagIfAbsent: (values: typeof featureFlags.$inferInsert): void => {
    db.insert(featureFlags).values(values).onConflictDoNothing({ target: featureFlags.name }).run();
  },
  setFlagEnabled: (id: string, isEnabled: boolean): FeatureFlag | undefined =>
    db.update(featureFlags).set({ isEnabled }).where(eq(featureFlags.id, id)).returning().get(),

  listInviteCodes: (): InviteCode[] => db.select().from(inviteCodes).orderBy(desc(inviteCodes.createdAt)).all(),
  insertInviteCode: (values: typeof inviteCodes.$inferInsert): InviteCode =>
    db.insert(inviteCodes).values(values).returning().get(),
  setInviteCodeActive: (id: string, isActive: boolean): InviteCode | undefined =>
    db.update(inviteCodes).set({ isActive }).where(eq(inviteCodes.id, id)).returning().get(),
  /**
   * Uses one invite in a single UPDATE, so two signups can never both take the last use:
   * only an active, unexpired code below its limit matches.
   */
  consumeInviteCode: (code: string, now: Date): boolean =>
    db
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
      .all().length === 1,
};
