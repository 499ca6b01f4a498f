/**
 * Studio changes to one fork arriving together (two instances on PostgreSQL, or one server while each
 * request inspects its file): each decides on the rows as they are when it writes, not as they were when
 * it started. Made certain on PostgreSQL with `racing`: every request has checked before any of them writes.
 */
import { beforeAll, expect, test } from "bun:test";
import { MAX_STEMS, TOO_MANY_STEMS } from "../../src/shared/upload-rules";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { expectInvariants } from "../../tests/support/invariants";
import { setUpServer } from "../../tests/support/lifecycle";
import { racing } from "../../tests/support/racing";
import { storedKeys } from "../../tests/support/stored-files";
import { addStem, editStem, removeStem, replaceAudio, studioForm, waitReady } from "../../tests/support/studio";
import { createTrack, TINY_WAV, waitForProcessing } from "../../tests/support/uploads";
import { LAST_STEM_STAYS, STUDIO_BUSY } from "./repo";

const live = setUpServer();
const AT_ONCE = 6;
let owner: Session;
let forker: Session;
/** A fork one stem short of MAX_STEMS, and one of two stems. */
let crowded: string;
let pair: string;

/** A processed fork by `forker` of a tiny original with `stemCount` tiny stems. */
async function forkWithTinyStems(stemCount: number): Promise<string> {
  const stems = Array.from({ length: stemCount }, (_, i) => ({ path: TINY_WAV, name: `Part ${i + 1}`, type: "other" }));
  const id = await createTrack(live.server, owner.token, { original: TINY_WAV, stems });
  await waitForProcessing(live.server, owner.token, id);
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${id}/fork`, {
    token: forker.token,
    body: { title: "Busy" },
  });
  await waitReady(live.server, forker, fork.body.id);
  return fork.body.id;
}

beforeAll(async () => {
  await signUp(live.server);
  owner = await signUp(live.server);
  forker = await signUp(live.server);
  crowded = await forkWithTinyStems(MAX_STEMS - 1);
  pair = await forkWithTinyStems(2);
}, 120_000);

const used = async () =>
  (await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", { token: forker.token })).body
    .currentUsedQuotaSeconds;
const indexes = async (forkId: string) =>
  (await runSql<{ index: number }>(live.server, 'select "index" from stems where track_id = ?', forkId)).map((row) =>
    Number(row.index),
  );
const inFlight = () => runSql(live.server, "select key from files_in_flight");
const tiny = (name: string) => studioForm("stemFile", TINY_WAV, { name });
const statuses = (replies: Array<{ status: number }>) => replies.map((reply) => reply.status).sort();
const messagesOf = (replies: Array<{ status: number; body: { message: string } }>, status: number) =>
  replies.filter((reply) => reply.status === status).map((reply) => reply.body.message);

test(`${AT_ONCE} stems added at once to a fork one short of ${MAX_STEMS}: one is kept, the others are refused, charge nothing and leave no file`, async () => {
  const usedBefore = await used();
  const replies = await racing(live.server, "stems", () =>
    Array.from({ length: AT_ONCE }, (_, i) => addStem(live.server, forker, crowded, tiny(`Late ${i + 1}`))),
  );
  expect(statuses(replies)).toEqual([201, ...Array(AT_ONCE - 1).fill(400)]);
  expect(messagesOf(replies, 400)).toEqual(Array(AT_ONCE - 1).fill(TOO_MANY_STEMS));
  expect(new Set(await indexes(crowded)).size).toBe(MAX_STEMS);
  const track = await waitReady(live.server, forker, crowded);
  const added = track.stems.find((stem) => stem.id === replies.find((reply) => reply.status === 201)?.body.id);
  expect(added?.duration).toBeGreaterThan(0);
  expect(await used()).toBeCloseTo(usedBefore + (added?.duration ?? 0), 3);
  // The fork's other stems name its original's files: the kept one's file and its MP3 are its only ones.
  expect(await storedKeys(live.server, `tracks/${crowded}/stems/`)).toHaveLength(2);
  expect(await inFlight()).toEqual([]);
  await expectInvariants(live.server, { sessions: [forker] });
}, 120_000);

test("two edits of one stem with new files and a replaced audio at once: one goes through, the others wait for it", async () => {
  const [stem] = (await waitReady(live.server, forker, crowded)).stems as Array<{ id: string }>;
  const replies = await racing(live.server, "tracks", () => [
    editStem(live.server, forker, crowded, stem?.id ?? "", tiny("Edited")),
    editStem(live.server, forker, crowded, stem?.id ?? "", tiny("Edited again")),
    replaceAudio(live.server, forker, crowded, studioForm("original", TINY_WAV)),
  ]);
  expect(statuses(replies)).toEqual([200, 409, 409]);
  expect(messagesOf(replies, 409)).toEqual([STUDIO_BUSY, STUDIO_BUSY]);
  expect(await inFlight()).toEqual([]);
  // Each track's charge is what it holds, and every stored file is named by a row.
  await expectInvariants(live.server, { sessions: [forker] });
}, 120_000);

test("both stems of a fork removed at once: one goes, the last stays", async () => {
  const [first, second] = (await waitReady(live.server, forker, pair)).stems as Array<{ id: string }>;
  const replies = await racing(live.server, "stems", () => [
    removeStem(live.server, forker, pair, first?.id ?? ""),
    removeStem(live.server, forker, pair, second?.id ?? ""),
  ]);
  // Refused as the last stem when both were checked before either wrote (always, on PostgreSQL), else as busy.
  const refused = replies.find((reply) => reply.status !== 200);
  expect(statuses(replies)[0]).toBe(200);
  expect([`400 ${LAST_STEM_STAYS}`, `409 ${STUDIO_BUSY}`]).toContain(`${refused?.status} ${refused?.body.message}`);
  expect(await indexes(pair)).toHaveLength(1);
  await expectInvariants(live.server, { sessions: [forker] });
}, 120_000);
