/**
 * A track deleted while its processing job still runs is purged only once the job has ended:
 * purged earlier, the job would write its MP3 back into the deleted track's folder.
 */
import { beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { firstLicenseId, type UploadReply } from "../../tests/support/uploads";

const live = setUpServer({ env: { DELETION_GRACE_SECONDS: "1", FREE_QUOTA_SECONDS: "100000" } });
let admin: Session;
let owner: Session;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  owner = await signUp(live.server);
}, 30_000);

test("deleted during processing: the purge waits for the job, and no file is written back afterwards", async () => {
  // Eight minutes of tone: its MP3 takes seconds to encode, several purge sweeps (one a second here).
  const made = Bun.spawnSync([
    "ffmpeg",
    ...["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=480:sample_rate=44100"],
    ...["-c:a", "flac", "-f", "flac", "pipe:1"],
  ]);
  expect(made.exitCode).toBe(0);
  const form = new FormData();
  const data = { title: "Gone Soon", primaryArtistName: "Tone", licenseId: await firstLicenseId(live.server) };
  form.set("data", JSON.stringify(data));
  form.set("original", new Blob([new Uint8Array(made.stdout)]), "gone.flac");
  const uploaded = await call<UploadReply>(live.server, "POST", "/track", { token: owner.token, body: form });
  expect(uploaded.status).toBe(201);
  const id = uploaded.body.id;
  await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [id] } });

  const processed = () => live.server.output().includes(`"track processed","trackId":"${id}"`);
  const status = async () =>
    (
      await call<{ items: Array<{ id: string; status: string }> }>(live.server, "GET", "/tracks/deleted", { token: admin.token })
    ).body.items.find((item) => item.id === id)?.status;
  let purgedBeforeProcessed = false;
  for (let attempt = 0; attempt < 600 && !(processed() && (await status()) === "DELETED"); attempt++) {
    if (!processed() && (await status()) === "DELETED") purgedBeforeProcessed = true;
    await Bun.sleep(100);
  }
  expect(processed()).toBe(true);
  expect(await status()).toBe("DELETED");
  expect(purgedBeforeProcessed).toBe(false);
  // One more sweep's time: nothing reappears.
  await Bun.sleep(1_500);
  expect(existsSync(join(live.server.dataDir, "media", "tracks", id))).toBe(false);
}, 90_000);
