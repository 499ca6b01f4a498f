/**
 * A studio change cut short by a crash leaves no file that no row names (issue #14): the keys a change
 * stores or lets go are recorded before the file is, and the boot sweep deletes those of them no live
 * row names, keeping the files a fork still shares with its original.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runSql } from "../../tests/support/database-rows";
import { startServer, type TestServer } from "../../tests/support/server";
import { editStem, type StudioCast, stemPath, studioCast, studioForm, waitReady } from "../../tests/support/studio";

let server: TestServer;
let cast: StudioCast;
beforeAll(async () => {
  server = await startServer();
  cast = await studioCast(server);
}, 120_000);
afterAll(async () => {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

const media = (key: string) => join(server.dataDir, "media", key);
const stemKeys = async (trackId: string) =>
  (await runSql<{ file_key: string }>(server, "select file_key from stems where track_id = ? order by file_key", trackId)).map(
    (row) => row.file_key,
  );
const inFlight = async () => (await runSql<{ key: string }>(server, "select key from files_in_flight")).map((row) => row.key);

test("a finished stem edit keeps the file the original still shares and leaves no record in flight", async () => {
  const [stem] = (await waitReady(server, cast.forker, cast.forkId)).stems;
  const shared = (await stemKeys(cast.forkId)).find((key) => key.startsWith(`tracks/${cast.original.id}/`));
  expect(shared).toBeDefined();
  const res = await editStem(server, cast.forker, cast.forkId, stem?.id ?? "", studioForm("stemFile", stemPath("bass")));
  expect(res.status).toBe(200);
  await waitReady(server, cast.forker, cast.forkId);
  expect(await inFlight()).toEqual([]);
  for (const key of [...(await stemKeys(cast.forkId)), ...(await stemKeys(cast.original.id))])
    expect(existsSync(media(key))).toBe(true);
});

test("after a kill mid-change, the boot sweep deletes the stored file no row names and keeps every named one", async () => {
  await server.kill();
  const forkOwn = (await stemKeys(cast.forkId)).find((key) => key.startsWith(`tracks/${cast.forkId}/`)) as string;
  const shared = (await stemKeys(cast.original.id))[0] as string;
  // Killed after storing the new file, before (or after) the transaction that names it (or the old one).
  const unnamed = [
    `tracks/${cast.forkId}/stems/${crypto.randomUUID()}.wav`,
    `tracks/${cast.forkId}/original-${crypto.randomUUID()}.flac`,
  ];
  for (const key of unnamed) {
    mkdirSync(dirname(media(key)), { recursive: true });
    writeFileSync(media(key), "RIFF");
  }
  // On SQLite one process owns the data, so at boot every record is abandoned; on PostgreSQL other
  // processes may be mid-change, and only records past FILES_IN_FLIGHT_MAX_SECONDS (an hour) are: a day old.
  const recordedAt = server.databaseUrl ? Date.now() - 24 * 3600 * 1000 : Date.now();
  for (const key of [...unnamed, forkOwn, shared])
    await runSql(
      server,
      "insert into files_in_flight (id, key, created_at) values (?, ?, ?)",
      crypto.randomUUID(),
      key,
      recordedAt,
    );

  server = await startServer({ dataDir: server.dataDir });
  for (const key of unnamed) expect(existsSync(media(key))).toBe(false);
  expect(existsSync(media(forkOwn))).toBe(true);
  expect(existsSync(media(shared))).toBe(true);
  expect(await inFlight()).toEqual([]);
  expect((await waitReady(server, cast.forker, cast.forkId)).stems).toHaveLength(2);
});
