/**
 * A studio change cut short by a crash leaves no file that no row names: the keys a change
 * stores or lets go are recorded before the file is, and the boot sweep deletes those of them no live
 * row names, keeping the files a fork still shares with its original.
 */
import { beforeAll, expect, test } from "bun:test";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { replaceStored, storedBytes } from "../../tests/support/stored-files";
import { editStem, type StudioCast, stemPath, studioCast, studioForm, waitReady } from "../../tests/support/studio";

const live = setUpServer();
let cast: StudioCast;
beforeAll(async () => {
  cast = await studioCast(live.server);
}, 120_000);

const isStored = async (key: string) => (await storedBytes(live.server, key)) !== null;
const stemKeys = async (trackId: string) =>
  (
    await runSql<{ file_key: string }>(live.server, "select file_key from stems where track_id = ? order by file_key", trackId)
  ).map((row) => row.file_key);
const inFlight = async () =>
  (await runSql<{ key: string }>(live.server, "select key from files_in_flight")).map((row) => row.key);

test("a finished stem edit keeps the file the original still shares and leaves no record in flight", async () => {
  const [stem] = (await waitReady(live.server, cast.forker, cast.forkId)).stems;
  const shared = (await stemKeys(cast.forkId)).find((key) => key.startsWith(`tracks/${cast.original.id}/`));
  expect(shared).toBeDefined();
  const res = await editStem(live.server, cast.forker, cast.forkId, stem?.id ?? "", studioForm("stemFile", stemPath("bass")));
  expect(res.status).toBe(200);
  await waitReady(live.server, cast.forker, cast.forkId);
  expect(await inFlight()).toEqual([]);
  for (const key of [...(await stemKeys(cast.forkId)), ...(await stemKeys(cast.original.id))])
    expect(await isStored(key)).toBe(true);
});

test("after a kill mid-change, the boot sweep deletes the stored file no row names and keeps every named one (and, on PostgreSQL, one another process may be writing)", async () => {
  await live.server.kill();
  const forkOwn = (await stemKeys(cast.forkId)).find((key) => key.startsWith(`tracks/${cast.forkId}/`)) as string;
  const shared = (await stemKeys(cast.original.id))[0] as string;
  // Killed after storing the new file, before (or after) the transaction that names it (or the old one).
  const unnamed = [
    `tracks/${cast.forkId}/stems/${crypto.randomUUID()}.wav`,
    `tracks/${cast.forkId}/original-${crypto.randomUUID()}.flac`,
  ];
  // On SQLite one process owns the data, so at boot every record is abandoned; on PostgreSQL other
  // processes may be mid-change, and only records past FILES_IN_FLIGHT_MAX_SECONDS (an hour) are: a day old.
  // There a record of a minute ago is another process's change under way, which the boot leaves alone.
  const onPostgres = live.server.databaseUrl !== null;
  const underWay = onPostgres ? [`tracks/${cast.forkId}/stems/${crypto.randomUUID()}.wav`] : [];
  const record = (key: string, recordedAt: number) =>
    runSql(
      live.server,
      "insert into files_in_flight (id, key, created_at) values (?, ?, ?)",
      crypto.randomUUID(),
      key,
      recordedAt,
    );
  for (const key of [...unnamed, ...underWay]) await replaceStored(live.server, key, new TextEncoder().encode("RIFF"));
  for (const key of [...unnamed, forkOwn, shared]) await record(key, onPostgres ? Date.now() - 24 * 3600 * 1000 : Date.now());
  for (const key of underWay) await record(key, Date.now() - 60_000);

  await live.restartServer();
  for (const key of unnamed) expect(await isStored(key)).toBe(false);
  expect(await isStored(forkOwn)).toBe(true);
  expect(await isStored(shared)).toBe(true);
  for (const key of underWay) expect(await isStored(key)).toBe(true);
  expect(await inFlight()).toEqual(underWay);
  expect((await waitReady(live.server, cast.forker, cast.forkId)).stems).toHaveLength(2);
});
