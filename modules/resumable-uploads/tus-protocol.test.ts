/**
 * The tus 1.0 server at /api/uploads, raw requests against a real server: what it speaks, whose uploads are whose,
 * and every refusal a clear 4xx that stores and charges nothing.
 */
import { beforeAll, expect, test } from "bun:test";
import { type Session, signUp } from "../../tests/support/api";
import { countRows, runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { createUpload, patchUpload, TUS, tusRequest, uploadWhole } from "../../tests/support/tus";

const MB = 1024 * 1024;
const live = setUpServer({ env: { MAX_UPLOAD_MB: "8", MAX_PENDING_UPLOAD_MB: "10" } });
let owner: Session;
let other: Session;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  [owner, other] = [await signUp(live.server), await signUp(live.server)];
});

const bytes = (size: number) => crypto.getRandomValues(new Uint8Array(Math.min(size, 65536))).slice(0, size);

test("OPTIONS says what the server speaks, without a session", async () => {
  const res = await tusRequest(live.server, "OPTIONS", "/uploads", null);
  expect(res.status).toBe(204);
  expect(Object.fromEntries(["tus-version", "tus-extension", "tus-max-size"].map((h) => [h, res.headers.get(h)]))).toEqual({
    "tus-version": "1.0.0",
    "tus-extension": "creation,creation-with-upload,termination,expiration",
    "tus-max-size": String(8 * MB),
  });
});

test("an upload is created, sent in pieces, told its offset by HEAD, and finished", async () => {
  const id = await createUpload(live.server, owner.token, 3000, "song.wav");
  const head = await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS);
  expect([head.status, head.headers.get("upload-offset"), head.headers.get("upload-length")]).toEqual([200, "0", "3000"]);
  expect(head.headers.get("cache-control")).toBe("no-store");
  expect(head.headers.get("upload-metadata")).toBe(`filename ${btoa("song.wav")}`);
  const data = bytes(3000);
  const first = await patchUpload(live.server, owner.token, id, 0, data.subarray(0, 1000));
  expect([first.status, first.headers.get("upload-offset"), first.headers.get("tus-resumable")]).toEqual([204, "1000", "1.0.0"]);
  expect(Date.parse(first.headers.get("upload-expires") as string)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  expect((await patchUpload(live.server, owner.token, id, 1000, data.subarray(1000))).headers.get("upload-offset")).toBe("3000");
  const done = await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS);
  expect(done.headers.get("upload-offset")).toBe("3000");
});

test("creation-with-upload takes the first bytes with the creation", async () => {
  const res = await tusRequest(
    live.server,
    "POST",
    "/uploads",
    owner.token,
    { ...TUS, "upload-length": "500", "content-type": "application/offset+octet-stream" },
    bytes(200),
  );
  expect([res.status, res.headers.get("upload-offset")]).toEqual([201, "200"]);
  expect(res.headers.get("location")).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
});

test("first bytes refused with the creation leave no upload behind", async () => {
  const uploads = () => countRows(live.server, "resumable_uploads", "user_id = ?", owner.user.id);
  const before = await uploads();
  const create = (headers: Record<string, string>) =>
    tusRequest(live.server, "POST", "/uploads", owner.token, { ...TUS, "upload-length": "100", ...headers }, bytes(200));
  expect(await create({ "content-type": "application/octet-stream" })).toMatchObject({ status: 415 });
  expect(await create({ "content-type": "application/offset+octet-stream" })).toMatchObject({
    status: 413,
    message: "The bytes sent go past the upload's Upload-Length",
  });
  expect(await uploads()).toBe(before);
});

test("termination deletes the upload and its bytes", async () => {
  const id = await uploadWhole(live.server, owner.token, bytes(900), "gone.wav");
  expect((await storedKeys(live.server, `resumable/${id}/`)).length).toBe(3);
  expect((await tusRequest(live.server, "DELETE", `/uploads/${id}`, owner.token, TUS)).status).toBe(204);
  expect(await storedKeys(live.server, `resumable/${id}/`)).toEqual([]);
  expect((await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS)).status).toBe(404);
});

test("a visitor gets 401 and anyone but the owner 404, on every request of an upload", async () => {
  const id = await createUpload(live.server, owner.token, 100);
  expect((await tusRequest(live.server, "POST", "/uploads", null, { ...TUS, "upload-length": "10" })).message).toBe(
    "Authentication required",
  );
  for (const token of [null, other.token]) {
    const replies = [
      await tusRequest(live.server, "HEAD", `/uploads/${id}`, token, TUS),
      await patchUpload(live.server, token, id, 0, bytes(100)),
      await tusRequest(live.server, "DELETE", `/uploads/${id}`, token, TUS),
    ];
    expect(replies.map((reply) => reply.status)).toEqual(token ? [404, 404, 404] : [401, 401, 401]);
  }
  expect((await patchUpload(live.server, other.token, id, 0, bytes(100))).message).toBe("Upload not found");
  // The owner's upload is untouched.
  expect((await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS)).headers.get("upload-offset")).toBe("0");
});

test("a missing or wrong Tus-Resumable is a 412", async () => {
  const id = await createUpload(live.server, owner.token, 100);
  for (const headers of [{}, { "tus-resumable": "0.2.2" }] as Record<string, string>[]) {
    const created = await tusRequest(live.server, "POST", "/uploads", owner.token, { ...headers, "upload-length": "10" });
    const head = await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, headers);
    expect([created.status, head.status]).toEqual([412, 412]);
    expect(created.message).toBe("Send the header Tus-Resumable: 1.0.0 (the only tus version this server speaks)");
  }
});

test("Upload-Length is required, a whole number, and within MAX_UPLOAD_MB; pending uploads within their cap", async () => {
  const create = (length: string | null) =>
    tusRequest(live.server, "POST", "/uploads", other.token, { ...TUS, ...(length === null ? {} : { "upload-length": length }) });
  expect(await create(null)).toMatchObject({ status: 400, message: "Upload-Length is required" });
  expect(await create("-5")).toMatchObject({ status: 400, message: "upload-length must be a whole number of bytes" });
  expect(await create(String(8 * MB + 1))).toMatchObject({ status: 413, message: "The upload is larger than the 8.0 MB limit" });
  expect((await create(String(6 * MB))).status).toBe(201);
  expect(await create(String(5 * MB))).toMatchObject({
    status: 413,
    message: "Your unfinished uploads would pass the 10.0 MB limit: finish or delete one first",
  });
  expect((await create(String(4 * MB))).status).toBe(201);
  // An upload past its time no longer counts, before the sweep has removed it too.
  await runSql(live.server, "update resumable_uploads set expires_at = ? where user_id = ?", Date.now() - 1000, other.user.id);
  expect((await create(String(8 * MB))).status).toBe(201);
});

test("bytes at the wrong offset are a 409, past the length a 413, of another type a 415: none kept", async () => {
  const id = await createUpload(live.server, owner.token, 1000);
  expect(await patchUpload(live.server, owner.token, id, 0, bytes(400))).toMatchObject({ status: 204 });
  expect(await patchUpload(live.server, owner.token, id, 100, bytes(10))).toMatchObject({
    status: 409,
    message: "Upload-Offset is 100 but the upload is at 400",
  });
  expect(await patchUpload(live.server, owner.token, id, 400, bytes(601))).toMatchObject({
    status: 413,
    message: "The bytes sent go past the upload's Upload-Length",
  });
  const wrongType = await tusRequest(
    live.server,
    "PATCH",
    `/uploads/${id}`,
    owner.token,
    { ...TUS, "upload-offset": "400", "content-type": "application/octet-stream" },
    bytes(10),
  );
  expect(wrongType.status).toBe(415);
  const head = await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS);
  expect(head.headers.get("upload-offset")).toBe("400");
  expect((await storedKeys(live.server, `resumable/${id}/`)).length).toBe(1);
});

test("an upload past its time is a 410 (expiry.test.ts: the sweep then deletes it)", async () => {
  const id = await uploadWhole(live.server, owner.token, bytes(300), "late.wav");
  await runSql(live.server, "update resumable_uploads set expires_at = ? where id = ?", Date.now() - 1000, id);
  expect(await tusRequest(live.server, "HEAD", `/uploads/${id}`, owner.token, TUS)).toMatchObject({ status: 410 });
  expect(await patchUpload(live.server, owner.token, id, 300, bytes(1))).toMatchObject({
    status: 410,
    message: "This upload has expired: send the file again",
  });
});
