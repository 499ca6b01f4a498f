/**
 * The fork studio's four routes × a visitor, the original's owner, another user, an admin and the
 * fork's owner: only the fork's owner changes anything; a stem of another track is a 404. (The studio on
 * an original: original-studio.test.ts.)
 */
import { expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, type Session } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import {
  addStem,
  editStem,
  removeStem,
  replaceAudio,
  STEMS,
  setUpStudio,
  stemPath,
  studioForm,
} from "../../tests/support/studio";

const live = setUpServer();
const { cast, fork, asForker } = setUpStudio(live);

/** Each route, called as `session` on track `id` with its first stem. */
const routes = (id: string, stemId: string) => ({
  "POST stem": (s: Session | null) => addStem(live.server, s, id, studioForm("stemFile", stemPath("synth"), { name: "Synth" })),
  "PATCH stem": (s: Session | null) =>
    editStem(live.server, s, id, stemId, studioForm("stemFile", undefined, { name: "Renamed" })),
  "DELETE stem": (s: Session | null) => removeStem(live.server, s, id, stemId),
  "PATCH audio": (s: Session | null) => replaceAudio(live.server, s, id, studioForm("original", `${STEMS} (full mix).wav`)),
});

test("on a fork, a visitor gets 401 and everyone but its owner the 404 of a track they may not change", async () => {
  const before = await fork();
  const stemId = before.stems[0]?.id as string;
  for (const [route, send] of Object.entries(routes(cast.forkId, stemId))) {
    expect((await send(null)).status, `${route} visitor`).toBe(401);
    for (const [who, session] of [
      ["original's owner", cast.owner],
      ["another user", cast.other],
      ["admin", cast.admin],
    ] as const) {
      const res = await send(session);
      expect([res.status, res.body.message], `${route} ${who}`).toEqual([404, "Track not found"]);
    }
  }
  const after = await fork();
  expect(after.stems.map((s) => s.name)).toEqual(before.stems.map((s) => s.name));
  expect(after.waveformData).toEqual(before.waveformData);
});

test("a stem of another track is a 404", async () => {
  const foreign = await asForker.removeStem(cast.original.stems[0]?.id as string);
  expect([foreign.status, foreign.body.message]).toEqual([404, "Stem not found"]);
});

test("the fork's owner may rename a stem; the original keeps its own", async () => {
  const stemId = (await fork()).stems[0]?.id as string;
  const res = await asForker.editStem(stemId, studioForm("stemFile", undefined, { name: "Low End", type: "bass" }));
  expect(res.status).toBe(200);
  expect((await fork()).stems[0]).toMatchObject({ id: stemId, name: "Low End", type: "bass" });
  const originalNow = (await call<TrackJson>(live.server, "GET", `/track/${cast.original.id}`)).body;
  expect(originalNow.stems.map((s) => s.name)).toEqual(["bass", "drums"]);
});
