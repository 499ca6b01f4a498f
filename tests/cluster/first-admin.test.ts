/**
 * SPEC: the first account becomes the ADMIN. On a fresh cluster, first sign-ups arriving together on both API
 * instances each count no accounts (PostgreSQL shows none of the others' uncommitted rows); exactly one of them
 * may become the ADMIN. The race is made certain rather than likely: the test holds the users table against
 * writes (reads still pass) until every sign-up has counted and is waiting for it, then lets them all go.
 */
import { expect, test } from "bun:test";
import { signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { runSql } from "../support/database-rows";

const live = setUpCluster();
const SIGNUPS = 8;

/** Until `count` of the database's sessions wait for a lock (the sign-ups, blocked where the race is). */
async function untilWaiting(database: Bun.SQL, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await database`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if (row.n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${row.n} of ${count} sign-ups reached the users table`);
    await Bun.sleep(50);
  }
}

test(`${SIGNUPS} first sign-ups at once across both instances make exactly one ADMIN`, async () => {
  const [a, b] = live.cluster.apis;
  const database = new Bun.SQL(live.cluster.databaseUrl as string);
  try {
    let signups: ReturnType<typeof signUp>[] = [];
    await database.begin(async (holder) => {
      await holder`lock table users in exclusive mode`;
      signups = Array.from({ length: SIGNUPS }, (_, i) => signUp(i % 2 ? b : a));
      await untilWaiting(database, SIGNUPS);
    });
    const sessions = await Promise.all(signups);
    expect(sessions.filter((session) => session.user.role === "ADMIN")).toHaveLength(1);
  } finally {
    await database.close();
  }
  const roles = await runSql<{ role: string; n: number }>(
    live.cluster,
    "select role, count(*)::int as n from users group by role order by role",
  );
  expect(roles).toEqual([
    { role: "ADMIN", n: 1 },
    { role: "USER", n: SIGNUPS - 1 },
  ]);
});
