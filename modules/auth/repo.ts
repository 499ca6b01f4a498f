import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { inJsonArray } from "../../src/server/db/portable";
import { allRaw } from "../../src/server/db/raw";
import { theRow } from "../../src/server/db/rows";
import { type Executor, transaction } from "../../src/server/db/transaction";
import { perRuntime } from "../../src/server/runtime";
import { earlyAccessRequests, passwordResets, sessions, type User, userIdentities, users } from "./schema";

/** An account nobody has deleted: the only kind that signs in, is named, or is found. */
const live = isNull(users.deletedAt);

/** One statement for any number of ids (a JSON array bound as one parameter), prepared once; deleted accounts left out. */
const usernamesQuery = perRuntime(({ db }) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inJsonArray(users.id, sql.placeholder("ids")), live))
    .prepare(),
);

/** What a deleted account's username becomes once its grace period is over: unique, and never a valid username. */
const anonymousUsername = sql`'deleted-' || ${users.id}`;

/** What a signed-in request reads of its user. */
export type SessionRow = Pick<User, "id" | "email" | "username" | "role" | "sessionVersion">;

/** Ends the session records of a user whose session version went up (every session signed before it has ended). */
async function endSessionRecords(userId: string, executor: Executor): Promise<void> {
  await executor
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export const authRepo = {
  /**
   * Who a verified session belongs to and the session version it must carry, read on every signed-in request:
   * hand-written, as drizzle's row mapping costs ten times the read.
   */
  viewerById: async (id: string): Promise<SessionRow | undefined> =>
    (
      await allRaw<SessionRow>(
        'select id, email, username, role, session_version as "sessionVersion" from users where id = $id and deleted_at is null',
        { id },
      )
    )[0],
  /** Stores a new password hash and ends every session signed before: answers the new session version. */
  setPasswordHash: async (id: string, passwordHash: string, executor: Executor = db()): Promise<number> => {
    await endSessionRecords(id, executor);
    return theRow(
      await executor
        .update(users)
        .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, id))
        .returning({ version: users.sessionVersion }),
    ).version;
  },
  setProfile: async (id: string, profile: Partial<Pick<User, "displayName" | "bio">>): Promise<void> => {
    await db().update(users).set(profile).where(eq(users.id, id));
  },
  avatarKeyOf: async (id: string): Promise<string | null> =>
    (await db().select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, id)).limit(1))[0]?.avatarKey ?? null,
  setAvatarKey: async (id: string, avatarKey: string | null): Promise<void> => {
    await db().update(users).set({ avatarKey }).where(eq(users.id, id));
  },
  setUsername: async (id: string, username: string, executor: Executor = db()): Promise<void> => {
    await executor.update(users).set({ username }).where(eq(users.id, id));
  },
  setEmail: async (id: string, email: string, executor: Executor = db()): Promise<void> => {
    await executor.update(users).set({ email }).where(eq(users.id, id));
  },
  addPasswordReset: async (values: typeof passwordResets.$inferInsert): Promise<void> => {
    await db().insert(passwordResets).values(values);
  },
  /**
   * Uses the reset link whose secret hashes to `tokenHash`, if it is unused and unexpired: one conditional write, so
   * two uses at once cannot both succeed. Answers its user's id, or null.
   */
  usePasswordReset: async (tokenHash: string, now: Date, executor: Executor): Promise<string | null> =>
    (
      await executor
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId })
    )[0]?.userId ?? null,
  /** Ends every session of the user: answers the new session version. */
  endSessions: (id: string): Promise<number> =>
    transaction(async (executor) => {
      await endSessionRecords(id, executor);
      return theRow(
        await executor
          .update(users)
          .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(eq(users.id, id))
          .returning({ version: users.sessionVersion }),
      ).version;
    }),
  usernames: (ids: string[]): Promise<Pick<User, "id" | "username">[]> => usernamesQuery().execute({ ids: JSON.stringify(ids) }),
  /**
   * Users whose username contains `term` or whose e-mail address is `term` (any case; `%` and `_` match themselves),
   * newest first, at most `limit`: the admin's Users screen, which finds an account by the address its owner gives
   * without ever listing addresses.
   */
  search: (term: string, limit: number): Promise<User[]> => {
    const lowered = term.toLowerCase();
    const pattern = `%${lowered.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return db()
      .select()
      .from(users)
      .where(and(or(sql`lower(${users.username}) like ${pattern} escape '\\'`, sql`lower(${users.email}) = ${lowered}`), live))
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit);
  },
  findById: async (id: string): Promise<User | undefined> =>
    (await db().select().from(users).where(eq(users.id, id)).limit(1))[0],
  /**
   * The live account with this address. A deleted one still holds its address until it is anonymised: the unique
   * index refuses it to a new account (a 409, as for any taken address).
   */
  findByEmail: async (email: string, executor: Executor = db()): Promise<User | undefined> =>
    (
      await executor
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, live))
        .limit(1)
    )[0],
  findByUsername: async (username: string, executor: Executor = db()): Promise<User | undefined> =>
    (await executor.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1))[0],
  count: async (executor: Executor = db()): Promise<number> =>
    Number((await executor.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0),
  insert: async (values: typeof users.$inferInsert, executor: Executor = db()): Promise<User> =>
    theRow(await executor.insert(users).values(values).returning()),
  /**
   * A no-op write that locks the user's row until the transaction ends and answers their paid seconds:
   * charges to one user then run one after another on any database (PostgreSQL's row lock; SQLite has
   * one writer anyway), each reading the use the one before it committed.
   */
  holdPaidQuotaSeconds: async (id: string, executor: Executor): Promise<number> =>
    theRow(
      await executor
        .update(users)
        .set({ paidQuotaSeconds: sql`${users.paidQuotaSeconds}` })
        .where(eq(users.id, id))
        .returning({ paid: users.paidQuotaSeconds }),
    ).paid,
  /** The user a provider's account (its issuer and subject) is tied to. */
  userOfIdentity: async (issuer: string, subject: string): Promise<User | undefined> =>
    (
      await db()
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .limit(1)
    )[0]?.user,
  /** Ties a provider's account to a user; false when it is tied already (to this user or, after a race, another). */
  addIdentity: async (
    values: Pick<typeof userIdentities.$inferInsert, "userId" | "issuer" | "subject">,
    executor: Executor = db(),
  ): Promise<boolean> => (await executor.insert(userIdentities).values(values).onConflictDoNothing().returning()).length > 0,
  setRole: async (id: string, role: User["role"]): Promise<void> => {
    await db().update(users).set({ role }).where(eq(users.id, id));
  },
  setPaidQuotaSeconds: async (id: string, seconds: number): Promise<void> => {
    await db().update(users).set({ paidQuotaSeconds: seconds }).where(eq(users.id, id));
  },
  admins: (executor: Executor = db()): Promise<User[]> =>
    executor
      .select()
      .from(users)
      .where(and(eq(users.role, "ADMIN"), live)),
  listByUsername: (): Promise<Pick<User, "id" | "username">[]> =>
    db().select({ id: users.id, username: users.username }).from(users).where(live).orderBy(asc(users.username)),
  /**
   * Deletes the account (DELETE /me): it signs nobody in from now on (every session ends), its reset links stop
   * working, and its profile and avatar are cleared; its username and address stay held until `anonymiseDeleted`.
   */
  markDeleted: async (id: string, now: Date, executor: Executor): Promise<void> => {
    await executor
      .update(users)
      .set({ deletedAt: now, sessionVersion: sql`${users.sessionVersion} + 1`, displayName: null, bio: "", avatarKey: null })
      .where(eq(users.id, id));
    await endSessionRecords(id, executor);
    await executor.delete(passwordResets).where(eq(passwordResets.userId, id));
  },
  /**
   * Accounts deleted before `cutoff` that still hold their username and address: each gets names nobody can type
   * (`deleted-{id}`, `{id}@deleted.invalid`) and no password, and loses its ties to an identity provider, so its
   * username, address and provider account are free for anyone. Answers their ids. The row stays: tracks, forks and
   * plays still name it.
   */
  anonymiseDeleted: async (cutoff: Date, executor: Executor): Promise<string[]> => {
    const due = await executor
      .update(users)
      .set({
        username: anonymousUsername,
        email: sql`${users.id} || '@deleted.invalid'`,
        passwordHash: "",
        paidQuotaSeconds: 0,
      })
      .where(and(lt(users.deletedAt, cutoff), ne(users.username, anonymousUsername)))
      .returning({ id: users.id });
    const ids = due.map((row) => row.id);
    if (ids.length) await executor.delete(userIdentities).where(inJsonArray(userIdentities.userId, JSON.stringify(ids)));
    return ids;
  },
  /**
   * Early access requests still waiting, newest first, at most `limit`: an address that has an account since is no
   * longer waiting (and is then another user's address, which no answer carries).
   */
  waitingEarlyAccessRequests: (limit: number) =>
    db()
      .select({ id: earlyAccessRequests.id, email: earlyAccessRequests.email, createdAt: earlyAccessRequests.createdAt })
      .from(earlyAccessRequests)
      .where(sql`not exists (select 1 from ${users} where lower(${users.email}) = ${earlyAccessRequests.email})`)
      .orderBy(desc(earlyAccessRequests.createdAt), asc(earlyAccessRequests.id))
      .limit(limit),
  /** Inserts the address once; returns false when it was already on the list. */
  addEarlyAccessRequest: async (email: string): Promise<boolean> =>
    (await db().insert(earlyAccessRequests).values({ email }).onConflictDoNothing().returning()).length > 0,
};
