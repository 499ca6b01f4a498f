import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { runtime } from "../runtime";
import { noteRollback } from "./changes";
import { type Db, type PostgresDb, postgresDb } from "./index";

/** What a transaction body queries through: usable exactly like `db` (on SQLite it is `db` itself). */
export type Executor = Db;

/**
 * One writer at a time on the single SQLite connection. bun-sqlite's own `db.transaction(fn)` runs
 * `fn` synchronously, so an async body would commit before its awaits finish; this queue keeps a
 * second transaction from issuing BEGIN while the first is still open.
 */
let tail: Promise<void> = Promise.resolve();
function lock(): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const acquired = tail.then(() => release);
  tail = tail.then(() => held);
  return acquired;
}

/** Set while a body runs, so a transaction opened inside another joins it instead of waiting for itself. */
const current = new AsyncLocalStorage<Executor>();

/**
 * Runs `body` in one transaction: committed when it resolves, rolled back (and the error rethrown)
 * when it throws. On SQLite: BEGIN IMMEDIATE under a process-wide mutex. Every query on the one
 * connection lands inside an open transaction, so a body should await only database calls (they
 * resolve at once on SQLite and no other request runs in between); slow work (hashing, files) goes
 * before or after it. On PostgreSQL: drizzle's async transaction on a pooled connection of its own, so
 * the body must query through `tx` (repos take it as their `executor`); `db` would run outside it.
 */
export async function transaction<T>(body: (tx: Executor) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return body(outer);
  const { db, postgresDb } = runtime();
  if (postgresDb)
    return postgresDb.transaction((pgTx) => {
      // Typed as `db` for repos, like the PostgreSQL `db` itself (see db/index.ts).
      const tx = pgTx as unknown as Executor;
      return current.run(tx, () => body(tx));
    });
  const release = await lock();
  try {
    db.run(sql`BEGIN IMMEDIATE`);
    try {
      const result = await current.run(db, () => body(db));
      db.run(sql`COMMIT`);
      return result;
    } catch (error) {
      db.run(sql`ROLLBACK`);
      noteRollback();
      throw error;
    }
  } finally {
    release();
  }
}

type PostgresExecutor = Pick<PostgresDb, "execute">;

/**
 * Holds the lock `name` until `tx`'s transaction ends, so transactions taking the same name run one after
 * another across every instance on the database: PostgreSQL's transaction-scoped advisory lock, for a rule
 * over rows that do not exist yet, or over a row a lock by update would change
 * (an update moves its updatedAt). After it, a read sees what the previous holder committed
 * (each statement reads afresh at READ COMMITTED). Names are hashed to 32 bits: two that hash alike only wait
 * for each other needlessly. On SQLite every transaction already runs alone.
 */
export async function holdLock(tx: Executor, name: string): Promise<void> {
  if (postgresDb()) await (tx as unknown as PostgresExecutor).execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}
