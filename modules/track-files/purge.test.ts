/**
 * Deleting finishes: a deleted track frees its quota at once, and once DELETION_GRACE_SECONDS (2 s here)
 * have passed the purge sweep deletes its files and conversions and marks it DELETED.
 */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { upload, uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { StorageQuota } from "../storage/model";

// alsa-Front_Center.wav decodes to 1.4285 s: one fits in a 2 s quota, two do not.
const ORIGINAL = "real-audio/alsa-Front_Center.wav";

const live = setUpServer({ env: { DELETION_GRACE_SECONDS: "2", FREE_QUOTA_SECONDS: "2" } });
let admin: Session;
let owner: Session;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  owner = await signUp(live.server);
}, 30_000);

const usedSeconds = async () =>
  (await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: owner.token })).body.currentUsedQuotaSeconds;
const trackFiles = (id: string) => storedKeys(live.server, `tracks/${id}/`);
/** The tracks that have stored files: each key's second part (`tracks/<id>/…`). */
const tracksWithFiles = async () => [...new Set((await storedKeys(live.server, "tracks/")).map((key) => key.split("/")[1]))];
const deletedList = async (status: string) =>
  (await call<TrackPage>(live.server, "GET", `/tracks/deleted?status=${status}`, { token: admin.token })).body.items;
/** Read straight from the database: a purged track's conversions have no API left to ask. */
const conversionRows = (trackId: string) => countRows(live.server, "conversions", "track_id = ?", trackId);

async function waitForFlac(trackId: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const status = await call<{ data: { conversionStatus: string } }>(
      live.server,
      "GET",
      `/track/${trackId}/audio-conversion-status?format=flac`,
      { token: owner.token },
    );
    if (status.body.data.conversionStatus === "COMPLETED") return;
    await Bun.sleep(100);
  }
  throw new Error("the FLAC conversion never completed");
}

test("delete frees the quota at once; after the grace the files and conversions are gone and the track is DELETED", async () => {
  const first = await upload(live.server, owner, { original: ORIGINAL, data: { title: "Going Away" } });
  expect(first.status).toBe(201);
  const id = first.body.id;
  await waitForProcessing(live.server, owner.token, id);
  await call(live.server, "POST", `/track/${id}/convert-audio`, { token: owner.token, body: { type: "full", format: "flac" } });
  await waitForFlac(id);
  expect(await conversionRows(id)).toBe(1);
  expect(await usedSeconds()).toBeCloseTo(1.4285, 3);
  expect((await upload(live.server, owner, { original: ORIGINAL })).status).toBe(413);

  const deleted = await call<{ deletedIds: string[] }>(live.server, "DELETE", "/tracks", {
    token: owner.token,
    body: { trackIds: [id] },
  });
  expect(deleted.body.deletedIds).toEqual([id]);
  // Freed at once, for the quota reply and the upload check alike; the files wait out the grace.
  expect(await usedSeconds()).toBe(0);
  expect(await trackFiles(id)).not.toEqual([]);
  expect((await deletedList("PENDING_DELETION")).map((item) => item.id)).toEqual([id]);
  const replacement = await upload(live.server, owner, { original: ORIGINAL, data: { title: "Fits Again" } });
  expect(replacement.status).toBe(201);

  let purged: TrackPage["items"] = [];
  for (let attempt = 0; attempt < 200 && purged.length === 0; attempt++) {
    await Bun.sleep(100);
    purged = await deletedList("DELETED");
  }
  expect(purged).toEqual([expect.objectContaining({ id, title: "Going Away", status: "DELETED" })]);
  expect(await deletedList("PENDING_DELETION")).toEqual([]);
  expect((await call(live.server, "GET", "/tracks/deleted/count?status=DELETED", { token: admin.token })).body).toEqual({
    count: 1,
  });
  expect(await trackFiles(id)).toEqual([]);
  expect(await tracksWithFiles()).toEqual([replacement.body.id]);
  expect(await conversionRows(id)).toBe(0);
  // The replacement, still active, is the only thing charged.
  expect(await usedSeconds()).toBeCloseTo(1.4285, 3);

  // Nothing of it is served any more, not even to the admin who may see pending deletions.
  for (const path of [`/track/${id}`, `/track/${id}/original`, `/track/${id}/full.mp3`, `/track/${id}/full.flac`]) {
    const res = await call<{ message: string }>(live.server, "GET", path, { token: admin.token });
    expect(res.status, path).toBe(404);
    expect(res.body.message, path).toBe("Track not found");
  }
  const restore = await call<{ message: string }>(live.server, "POST", `/track/${id}/restore`, { token: admin.token });
  expect([restore.status, restore.body.message]).toEqual([409, "This track's files are deleted: it can no longer be restored"]);
}, 60_000);

test("past its grace period a pending track can no longer be restored: the purge may be deleting its files", async () => {
  const late = await signUp(live.server);
  const id = await uploadTiny(live.server, late, { title: "Too Late" });
  await waitForProcessing(live.server, late.token, id);
  await call(live.server, "DELETE", "/tracks", { token: late.token, body: { trackIds: [id] } });
  await Bun.sleep(2_100);
  const restore = await call<{ message: string }>(live.server, "POST", `/track/${id}/restore`, { token: admin.token });
  expect(restore.status).toBe(409);
  // Which of the two refusals depends on whether the sweep has reached it yet; neither brings it back.
  expect([
    "This track's grace period is over and its files are being deleted: it can no longer be restored",
    "This track's files are deleted: it can no longer be restored",
  ]).toContain(restore.body.message);
  expect((await call(live.server, "GET", `/track/${id}`, { token: late.token })).status).toBe(404);
}, 30_000);
