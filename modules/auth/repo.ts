import { asc, eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { earlyAccessRequests, type User, users } from "./schema";

/** One statement for any number of ids (a JSON array bound as one parameter), prepared once. */
const usernamesQuery = db
  .select({ id: users.id, username: users.username })
  .from(users)
  .where(sql`${users.id} in (select value from json_each(${sql.placeholder("ids")}))`)
  .prepare();

/**
 * Who a verified session belongs to, read on every signed-in request: raw SQLite, as drizzle's mapping of
 * the whole row costs ten times the read.
 */
const viewerQuery = db.$client.query<Pick<User, "id" | "email" | "username" | "role">, [string]>(
  "select id, email, username, role from users where id = ?",
);

export const authRepo = {
  viewerById: (id: string) => viewerQuery.get(id) ?? undefined,
  usernames: (ids: string[]): Pick<User, "id" | "username">[] => usernamesQuery.all({ ids: JSON.stringify(ids) }),
  findById: (id: string): User | undefined => db.select().from(users).where(eq(users.id, id)).get(),
  findByEmail: (email: string): User | undefined =>
    db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).get(),
  findByUsername: (username: string): User | undefined =>
    db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).get(),
  count: (): number => db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0,
  insert: (values: typeof users.$inferInsert): User => db.insert(users).values(values).returning().get(),
  setPaidQuotaSeconds: (id: string, seconds: number): void => {
    db.update(users).set({ paidQuotaSeconds: seconds }).where(eq(users.id, id)).run();
  },
  admins: (): User[] => db.select().from(users).where(eq(users.role, "ADMIN")).all(),
  listByUsername: (): Pick<User, "id" | "username">[] =>
    db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.username)).all(),
  /** Inserts the address once; returns false when it was already on the list. */
  addEarlyAccessRequest: (email: string): boolean =>
    db.insert(earlyAccessRequests).values({ email }).onConflictDoNothing().returning().all().length > 0,
  /** Runs fn inside one SQLite transaction (signup: consume invite + insert user together). */
  transaction: <T>(fn: () => T): T => db.transaction(() => fn()),
};
