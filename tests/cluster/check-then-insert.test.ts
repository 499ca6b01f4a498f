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
import { racing } from "../support/racing";
import { uploadTiny, waitProcessed } from "../support/uploads";

const live = setUpCluster();
const AT_ONCE = 8;

/** Every other request to the other instance. */
const eachInstance = <T>(send: (server: (typeof live.cluster.apis)[0]) => Promise<T>) =>
  Array.from({ length: AT_ONCE }, (_, i) => send(live.cluster.apis[i % 2 ? 1 : 0]));

let first: Session;

test(`${AT_ONCE} first sign-ups at once across both instances make exactly one ADMIN (SPEC: the first account)`, async () => {
  const sessions = await racing(live.cluster, "users", () => eachInstance((server) => signUp(server)));
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
  const replies = await racing(live.cluster, "play_events", () =>
    eachInstance((server) =>
      call<{ counted: boolean }>(server, "POST", `/track/${id}/usage`, { token: listener.token, body: play }),
    ),
  );
  expect(replies.map((reply) => reply.status)).toEqual(Array(AT_ONCE).fill(200));
  expect(replies.filter((reply) => reply.body.counted)).toHaveLength(1);
  const track = await call<{ totalPlays: number }>(live.cluster, "GET", `/track/${id}`, { token: first.token });
  expect(track.body.totalPlays).toBe(1);
});
