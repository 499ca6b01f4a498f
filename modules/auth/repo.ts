import { asc, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { inJsonArray } from "../../src/server/db/portable";
import { allRaw } from "../../src/server/db/raw";
import { theRow } from "../../src/server/db/rows";
import type { Executor } from "../../src/server/db/transaction";
import { earlyAccessRequests, type User, users } from "./schema";

/** One statement for any number of ids (a JSON array bound as one parameter), prepared once. */
const usernamesQuery = db
  .select({ id: users.id, username: users.username })
  .from(users)
  .where(inJsonArray(users.id, sql.placeholder("ids")))
  .prepare();

export const authRepo = {
  /** Who a verified session belongs to, read on every signed-in request: hand-written, as drizzle's row mapping costs ten times the read. */
  viewerById: async (id: string): Promise<Pick<User, "id" | "email" | "username" | "role"> | undefined> =>
    (
      await allRaw<Pick<User, "id" | "email" | "username" | "role">>(
        "select id, email, username, role from users where id = $id",
        { id },
      )
    )[0],
  usernames: (ids: string[]): Promise<Pick<User, "id" | "username">[]> => usernamesQuery.execute({ ids: JSON.stringify(ids) }),
  findById: async (id: string): Promise<User | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
  findByEmail: async (email: string, executor: Executor = db): Promise<User | undefined> =>
    (await executor.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0],
  findByUsername: async (username: string, executor: Executor = db): Promise<User | undefined> =>
    (await executor.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1))[0],
  count: async (executor: Executor = db): Promise<number> =>
    Number((await executor.select({ n: sql<number>`count(*)` }).from(users))[0]?.n ?? 0),
  insert: async (values: typeof users.$inferInsert, executor: Executor = db): Promise<User> =>
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
  setPaidQuotaSeconds: async (id: string, seconds: number): Promise<void> => {
    await db.update(users).set({ paidQuotaSeconds: seconds }).where(eq(users.id, id));
  },
  admins: (): Promise<User[]> => db.select().from(users).where(eq(users.role, "ADMIN")),
  listByUsername: (): Promise<Pick<User, "id" | "username">[]> =>
    db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.username)),
  /** Inserts the address once; returns false when it was already on the list. */
  addEarlyAccessRequest: async (email: string): Promise<boolean> =>
    (await db.insert(earlyAccessRequests).values({ email }).onConflictDoNothing().returning()).length > 0,
};
