import { join } from "node:path";
import { call } from "./api";
import { runChild } from "./bun-child";
import type { TestServer } from "./server";
import { firstLicenseId, type UploadReply } from "./uploads";

/** Raw tus 1.0 requests against /api/uploads, for protocol and refusal tests (clients use tus-js-client). */
export const TUS = { "tus-resumable": "1.0.0" };

export interface TusReply {
  status: number;
  headers: Headers;
  message?: string;
}

/** One tus request as `token` (or a visitor); a refusal's `{ message }` is read out. */
export async function tusRequest(
  server: TestServer,
  method: string,
  path: string,
  token: string | null,
  headers: Record<string, string> = {},
  body?: BodyInit,
): Promise<TusReply> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  const text = method === "HEAD" ? "" : await res.text();
  const message = text ? (JSON.parse(text) as { message?: string }).message : undefined;
  return { status: res.status, headers: res.headers, message };
}

/** A new upload of `length` bytes named `filename`; its id. */
export async function createUpload(server: TestServer, token: string, length: number, filename = "take.wav"): Promise<string> {
  const res = await tusRequest(server, "POST", "/uploads", token, {
    ...TUS,
    "upload-length": String(length),
    "upload-metadata": `filename ${Buffer.from(filename).toString("base64")}`,
  });
  if (res.status !== 201) throw new Error(`tus create: ${res.status} ${res.message}`);
  return (res.headers.get("location") as string).split("/").pop() as string;
}

/** PATCH `bytes` at `offset`. */
export const patchUpload = (server: TestServer, token: string | null, id: string, offset: number, bytes: Uint8Array) =>
  tusRequest(
    server,
    "PATCH",
    `/uploads/${id}`,
    token,
    { ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    bytes as Uint8Array<ArrayBuffer>,
  );

/** A whole file sent in `pieces` PATCHes: the finished upload's id. */
export async function uploadWhole(server: TestServer, token: string, bytes: Uint8Array, filename: string, pieces = 3) {
  const id = await createUpload(server, token, bytes.byteLength, filename);
  const step = Math.ceil(bytes.byteLength / pieces);
  for (let offset = 0; offset < bytes.byteLength; offset += step) {
    const res = await patchUpload(server, token, id, offset, bytes.subarray(offset, offset + step));
    if (res.status !== 204) throw new Error(`tus patch: ${res.status} ${res.message}`);
  }
  return id;
}

/** POST /api/track naming finished uploads in `data.uploads` instead of sending files. */
export async function trackFromUploads(
  server: TestServer,
  token: string,
  uploads: { original?: string; coverArt?: string; stems?: string[] },
  data: Record<string, unknown> = {},
) {
  const form = new FormData();
  form.set(
    "data",
    JSON.stringify({
      title: "Resumed",
      primaryArtistName: "Tester",
      licenseId: await firstLicenseId(server),
      stemMetadata: [],
      uploads,
      ...data,
    }),
  );
  return call<UploadReply>(server, "POST", "/track", { token, body: form });
}

/**
 * Uploads the file at `path` with tus-js-client under Node (tests/support/tus-node-upload.mjs) to `endpoint`, in
 * PATCHes of `chunkBytes` (else one for the whole rest), retrying through every cut; the finished upload's id and how
 * many times it retried.
 */
export async function uploadWithNodeClient(endpoint: string, token: string, path: string, name: string, chunkBytes?: number) {
  const script = join(import.meta.dir, "tus-node-upload.mjs");
  const { out, err, code } = await runChild([
    "node",
    script,
    endpoint,
    token,
    path,
    name,
    ...(chunkBytes ? [String(chunkBytes)] : []),
  ]);
  if (code !== 0) throw new Error(`tus-js-client failed (${code}): ${err}`);
  const { url, retries } = JSON.parse(out.trim().split("\n").pop() as string) as { url: string; retries: number };
  return { id: url.split("/").pop() as string, retries };
}

/**
 * The SHA-256 of track `trackId`'s stored original as `token` downloads it, written to `folder` first: a resumed
 * upload's original is hundreds of megabytes, too many to hash in memory.
 */
export async function storedOriginalSha256(server: TestServer, token: string, trackId: string, folder: string) {
  const stored = join(folder, "stored-original");
  await Bun.write(
    stored,
    await fetch(`${server.url}/api/track/${trackId}/original?attachment`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return fileSha256(stored);
}

/** The SHA-256 of a file, read as a stream. */
export async function fileSha256(path: string): Promise<string> {
  const hash = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hash.update(chunk);
  return hash.digest("hex");
}
