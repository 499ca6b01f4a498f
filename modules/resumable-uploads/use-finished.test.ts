/**
 * Finished resumable uploads named by POST /api/track (`data.uploads`) and the studio routes (`data.uploadId`): the
 * upload pipeline of a multipart file from there (same checks, messages and quota), bytes gone from the store once
 * used or refused, and every misuse a clear 4xx that charges nothing.
 */
import { beforeAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { forkWithStems, STEMS, stemPath } from "../../tests/support/studio";
import { createUpload, patchUpload, trackFromUploads, uploadWhole } from "../../tests/support/tus";
import { corpusPath, uploadForm, waitForProcessing } from "../../tests/support/uploads";

const live = setUpServer();
let owner: Session;
let other: Session;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  [owner, other] = [await signUp(live.server), await signUp(live.server)];
}, 60_000);

const corpusBytes = (path: string) => Bun.file(corpusPath(path)).bytes();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const usedSeconds = async (session: Session) =>
  (await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", { token: session.token })).body
    .currentUsedQuotaSeconds;
const uploadOf = async (session: Session, path: string, name = path.split("/").pop() as string) =>
  uploadWhole(live.server, session.token, await corpusBytes(path), name);

test("a track made of finished uploads keeps the sent bytes, and the uploads' bytes leave the store", async () => {
  const full = `${STEMS} (full mix).wav`;
  const [original, cover, bass] = [
    await uploadOf(owner, full),
    await uploadOf(owner, "images/matplotlib-grace_hopper.jpg"),
    await uploadOf(owner, stemPath("bass")),
  ];
  const res = await trackFromUploads(
    live.server,
    owner.token,
    { original, coverArt: cover, stems: [bass] },
    { stemMetadata: [{ name: "Bass", type: "bass" }] },
  );
  expect(res.status).toBe(201);
  const track = await waitForProcessing<{ stems: Array<{ name: string }>; coverArtUrl: string | null }>(
    live.server,
    owner.token,
    res.body.id,
  );
  expect(track.stems.map((stem) => stem.name)).toEqual(["Bass"]);
  expect(track.coverArtUrl).not.toBeNull();
  const stored = await fetch(`${live.server.url}/api/track/${res.body.id}/original?attachment`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(sha256(await stored.bytes())).toBe(sha256(await corpusBytes(full)));
  expect(await storedKeys(live.server, "resumable/")).toEqual([]);

  // Used once: a second use is a 409 that charges nothing.
  const charged = await usedSeconds(owner);
  expect(await trackFromUploads(live.server, owner.token, { original })).toMatchObject({
    status: 409,
    body: { message: "This upload was already used: send the file again" },
  });
  expect(await usedSeconds(owner)).toBe(charged);
}, 60_000);

test("bytes that are not audio are refused with the multipart message, deleted, and charge nothing", async () => {
  const sent = await trackFromUploads(live.server, owner.token, { original: await uploadOf(owner, "bad/mp3-renamed.wav") });
  const multipart = await call<{ message: string }>(live.server, "POST", "/track", {
    token: owner.token,
    body: await uploadForm(live.server, { original: "bad/mp3-renamed.wav" }),
  });
  expect([sent.status, sent.body.message]).toEqual([multipart.status, multipart.body.message]);
  expect(sent.body.message).toBe("Audio file is not a valid WAV file");
  expect(await storedKeys(live.server, "resumable/")).toEqual([]);
}, 60_000);

test("someone else's upload is a 404, an unfinished one a 409, an expired one a 410: each left as it was", async () => {
  const before = await usedSeconds(owner);
  const theirs = await uploadOf(other, "real-audio/alsa-Front_Center.wav");
  expect(await trackFromUploads(live.server, owner.token, { original: theirs })).toMatchObject({
    status: 404,
    body: { message: "Upload not found" },
  });
  const unfinished = await createUpload(live.server, owner.token, 1000, "half.wav");
  await patchUpload(live.server, owner.token, unfinished, 0, new Uint8Array(500));
  expect(await trackFromUploads(live.server, owner.token, { original: unfinished })).toMatchObject({
    status: 409,
    body: { message: "This upload is not finished: 500 of 1000 bytes received" },
  });
  const late = await uploadOf(owner, "real-audio/alsa-Front_Center.wav");
  await runSql(live.server, "update resumable_uploads set expires_at = ? where id = ?", Date.now() - 1000, late);
  expect(await trackFromUploads(live.server, owner.token, { original: late })).toMatchObject({
    status: 410,
    body: { message: "This upload has expired: send the file again" },
  });
  expect(await usedSeconds(owner)).toBe(before);
  // Refused for the track's own data: the upload is not used up.
  const kept = await uploadOf(owner, "real-audio/alsa-Front_Center.wav");
  expect((await trackFromUploads(live.server, owner.token, { original: kept }, { title: "" })).status).toBe(400);
  expect((await trackFromUploads(live.server, owner.token, { original: kept })).status).toBe(201);
}, 60_000);

test("files and uploads in one form, or an id that is not one, are a 400", async () => {
  const form = await uploadForm(live.server, { original: "real-audio/alsa-Front_Center.wav" });
  const data = JSON.parse(form.get("data") as string);
  form.set("data", JSON.stringify({ ...data, uploads: { original: crypto.randomUUID() } }));
  expect(await call(live.server, "POST", "/track", { token: owner.token, body: form })).toMatchObject({
    status: 400,
    body: { message: "Send the files, or name finished uploads in data.uploads, not both" },
  });
  expect(await trackFromUploads(live.server, owner.token, { original: "../../etc/passwd" })).toMatchObject({
    status: 400,
    body: { message: "uploads.original must be the id of a finished upload" },
  });
}, 60_000);

test("the studio takes a finished upload for a new stem and for the full track", async () => {
  const { forkId } = await forkWithStems(live.server, other, owner, ["drums"]);
  const studioForm = (data: Record<string, unknown>) => {
    const form = new FormData();
    form.set("data", JSON.stringify(data));
    return form;
  };
  const stem = await uploadOf(owner, stemPath("synth"));
  const added = await call(live.server, "POST", `/track/${forkId}/stem`, {
    token: owner.token,
    body: studioForm({ name: "Synth", type: "synth", uploadId: stem }),
  });
  expect(added.status).toBe(201);
  // Someone else's fork: the 404 of the track, and the upload is still there to use.
  const audio = await uploadOf(owner, `${STEMS} (full mix).wav`);
  const strangers = await call(live.server, "PATCH", `/track/${forkId}/audio`, {
    token: other.token,
    body: studioForm({ uploadId: audio }),
  });
  expect(strangers.status).toBe(404);
  await waitForProcessing(live.server, owner.token, forkId);
  const replaced = await call(live.server, "PATCH", `/track/${forkId}/audio`, {
    token: owner.token,
    body: studioForm({ uploadId: audio }),
  });
  expect(replaced.status).toBe(200);
  expect([
    ...(await storedKeys(live.server, `resumable/${stem}/`)),
    ...(await storedKeys(live.server, `resumable/${audio}/`)),
  ]).toEqual([]);
}, 60_000);
