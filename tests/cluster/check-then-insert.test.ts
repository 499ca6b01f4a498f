/**
 * Rules that check the database and then insert, on a fresh cluster: requests arriving together on both API
 * instances each pass the check (PostgreSQL shows none of the others' uncommitted rows), and exactly one of them
 * may win. The race is made certain rather than likely: the test holds the table against writes (reads still pass)
 * until every request has checked and is waiting for it, then lets them all go.
 */
import { expect, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { runSql } from "../support/database-rows";
import { uploadTiny, waitProcessed } from "../support/uploads";

const live = setUpCluster();
const AT_ONCE = 8;

/** Runs `requests` while `table` is held against writes, letting go once all of them wait for it. */
async function racing<T>(table: string, requests: () => Promise<T>[]): Promise<T[]> {
  const database = new Bun.SQL(live.cluster.databaseUrl as string);
  try {
    let started: Promise<T>[] = [];
    await database.begin(async (holder) => {
      await holder.unsafe(`lock table ${table} in exclusive mode`);
      started = requests();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await database`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        if (row.n >= started.length) break;
        if (Date.now() > deadline) throw new Error(`only ${row.n} of ${started.length} requests reached ${table}`);
        await Bun.sleep(50);
      }
    });
    return await Promise.all(started);
  } finally {
    await database.close();
  }
}

/** Every other request to the other instance. */
const eachInstance = <T>(send: (server: (typeof live.cluster.apis)[0]) => Promise<T>) =>
  Array.from({ length: AT_ONCE }, (_, i) => send(live.cluster.apis[i % 2 ? 1 : 0]));

let first: Session;

test(`${AT_ONCE} first sign-ups at once across both instances make exactly one ADMIN (SPEC: the first account)`, async () => {
  const sessions = await racing("users", () => eachInstance((server) => signUp(server)));
  expect(sessions.filter((session) => session.user.role === "ADMIN")).toHaveLength(1);
  const roles = await runSql<{ role: string; n: number }>(
    live.cluster,
    "select role, count(*)::int as n from users group by role order by role",
  );
  expect(roles).toEqual([
    { role: "ADMIN", n: 1 },
    { role: "USER", n: AT_ONCE - 1 },
  ]);
  first = sessions[0] as Session;
});

test(`${AT_ONCE} plays of one track by one listener at once across both instances count once (once per window)`, async () => {
  const id = await uploadTiny(live.cluster, first, { title: "Played at once" });
  await waitProcessed(live.cluster, first, id);
  const listener = await signUp(live.cluster);
  const play = { eventType: "PLAY", playbackSource: "STREAM", duration: 10 };
  const replies = await racing("play_events", () =>
    eachInstance((server) =>
      call<{ counted: boolean }>(server, "POST", `/track/${id}/usage`, { token: listener.token, body: play }),
    ),
  );
  expect(replies.map((reply) => reply.status)).toEqual(Array(AT_ONCE).fill(200));
  expect(replies.filter((reply) => reply.body.counted)).toHaveLength(1);
  const track = await call<{ totalPlays: number }>(live.cluster, "GET", `/track/${id}`, { token: first.token });
  expect(track.body.totalPlays).toBe(1);
});
