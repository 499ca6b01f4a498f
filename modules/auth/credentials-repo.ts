import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "../../src/server/db";
import { allRaw } from "../../src/server/db/raw";
import { theRow } from "../../src/server/db/rows";
import type { SessionRow } from "./repo";
import { type AccessToken, accessTokens, type SessionRecord, sessions } from "./schema";

/** What a request with an access token reads of it. */
export type AccessTokenState = Pick<AccessToken, "id" | "userId" | "scopes" | "expiresAt">;

/** The queries of signed-in sessions and personal access tokens (credentials.ts). */
export const credentialsRepo = {
  addSession: async (values: Pick<typeof sessions.$inferInsert, "userId" | "userAgent" | "lastIp">): Promise<SessionRecord> => {
    const now = new Date();
    return theRow(
      await db()
        .insert(sessions)
        .values({ ...values, lastSeenAt: now, createdAt: now })
        .returning(),
    );
  },
  /**
   * The user a live session belongs to, with the session version it must carry: read on every signed-in request
   * whose answer is not kept, hand-written as `authRepo.viewerById` is, with which it shares its row's shape.
   */
  sessionViewer: async (sessionId: string, userId: string): Promise<SessionRow | undefined> =>
    (
      await allRaw<SessionRow>(
        `select u.id, u.email, u.username, u.role, u.session_version as "sessionVersion" from sessions s
         join users u on u.id = s.user_id
         where s.id = $sessionId and s.user_id = $userId and s.ended_at is null and u.deleted_at is null`,
        { sessionId, userId },
      )
    )[0],
  touchSession: async (id: string, lastIp: string | null, now: Date): Promise<void> => {
    await db().update(sessions).set({ lastSeenAt: now, lastIp }).where(eq(sessions.id, id));
  },
  /** The user's sessions that have not ended, the most recently seen first. */
  liveSessions: (userId: string): Promise<SessionRecord[]> =>
    db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id)),
  /** Ends one of the user's sessions; false when it is not theirs or ended already. */
  endSession: async (userId: string, id: string, now: Date): Promise<boolean> =>
    (
      await db()
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt)))
        .returning({ id: sessions.id })
    ).length > 0,
  addAccessToken: async (
    values: Pick<typeof accessTokens.$inferInsert, "userId" | "name" | "scopes" | "tokenHash" | "expiresAt">,
  ): Promise<AccessToken> => theRow(await db().insert(accessTokens).values(values).returning()),
  /** The token whose secret hashes to `tokenHash`, expired or not (credentials.ts judges its expiry). */
  accessTokenState: async (tokenHash: string): Promise<AccessTokenState | undefined> =>
    (
      await db()
        .select({
          id: accessTokens.id,
          userId: accessTokens.userId,
          scopes: accessTokens.scopes,
          expiresAt: accessTokens.expiresAt,
        })
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, tokenHash))
        .limit(1)
    )[0],
  touchAccessToken: async (id: string, now: Date): Promise<void> => {
    await db().update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id));
  },
  accessTokensOf: (userId: string): Promise<AccessToken[]> =>
    db()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id)),
  /** Revokes (deletes) one of the user's tokens; false when it is not theirs. */
  removeAccessToken: async (userId: string, id: string): Promise<boolean> =>
    (
      await db()
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
        .returning({ id: accessTokens.id })
    ).length > 0,
};
