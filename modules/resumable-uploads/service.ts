import { rm } from "node:fs/promises";
import { join } from "node:path";
import { config } from "../../src/server/config";
import { badRequest, conflict, HttpError, notFound, payloadTooLarge } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { formatFileSize } from "../../src/shared/file-size";
import type { Viewer } from "../auth/service";
import { byteCount, checkTusResumable, metadataHeader, OFFSET_OCTET_STREAM, parseMetadata } from "./protocol";
import { receivePart } from "./receive-part";
import { resumableUploadsRepo as repo } from "./repo";
import type { ResumableUpload } from "./schema";

/** What a tus request is answered with: a status and headers, no body. */
export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
}

export const UPLOAD_NOT_FOUND = "Upload not found";
export const UPLOAD_EXPIRED = "This upload has expired: send the file again";
export const UPLOAD_USED = "This upload was already used: send the file again";

const partsPrefix = (id: string) => `resumable/${id}`;
const expiryFromNow = () => new Date(Date.now() + config().uploadExpirySeconds * 1000);
const tooLong = (limit: number) => payloadTooLarge(`The upload is larger than the ${formatFileSize(limit)} limit`);

/** The caller's own upload, still within its time; anyone else's (or none) is the same 404. */
async function ownUpload(id: string, user: Viewer): Promise<ResumableUpload> {
  const row = await repo.find(id);
  if (!row || row.userId !== user.id) throw notFound(UPLOAD_NOT_FOUND);
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(410, UPLOAD_EXPIRED);
  return row;
}

const progressHeaders = (row: ResumableUpload) => ({
  "upload-offset": String(row.offset),
  "upload-expires": row.expiresAt.toUTCString(),
});

/** POST /api/uploads (creation, creation-with-upload): a new upload of Upload-Length bytes, maybe with its first ones. */
export async function createUpload(user: Viewer, request: Request): Promise<TusAnswer> {
  const { headers } = request;
  checkTusResumable(headers);
  if (headers.has("upload-defer-length")) throw badRequest("Upload-Length is required: this server does not defer it");
  const length = byteCount(headers, "upload-length");
  if (length === null) throw badRequest("Upload-Length is required");
  if (length > config().maxUploadBytes) throw tooLong(config().maxUploadBytes);
  const metadata = parseMetadata(headers.get("upload-metadata"));
  // Every refusal of the first bytes comes before the upload exists, so none leaves an upload behind.
  const withBytes = request.body !== null && headers.get("content-length") !== "0";
  if (withBytes) checkBytes(headers, length);
  const row = await repo.create(
    { userId: user.id, length, metadata, expiresAt: expiryFromNow() },
    config().maxPendingUploadBytes,
  );
  if (!row)
    throw payloadTooLarge(
      `Your unfinished uploads would pass the ${formatFileSize(config().maxPendingUploadBytes)} limit: finish or delete one first`,
    );
  const location = { location: `/api/uploads/${row.id}` };
  const appended = withBytes ? await appendBytes(row, 0, request) : row;
  return { status: 201, headers: { ...location, ...progressHeaders(appended) } };
}

/**
 * The headers of a request carrying bytes, with `room` bytes left in the upload: the tus type, and a Content-Length
 * (every tus client sends it) that fits, so no body is read that could not be kept.
 */
function checkBytes(headers: Headers, room: number): void {
  if (headers.get("content-type") !== OFFSET_OCTET_STREAM)
    throw new HttpError(415, `Send the upload's bytes as ${OFFSET_OCTET_STREAM}`);
  const length = byteCount(headers, "content-length");
  if (length === null) throw new HttpError(411, "Send Content-Length with the upload's bytes");
  if (length > room) throw payloadTooLarge("The bytes sent go past the upload's Upload-Length");
}

/** HEAD /api/uploads/{id}: how far the upload got, so the client resumes from there. */
export async function uploadProgress(id: string, user: Viewer, headers: Headers): Promise<TusAnswer> {
  checkTusResumable(headers);
  const row = await ownUpload(id, user);
  const metadata = metadataHeader(row.metadata);
  return {
    status: 200,
    headers: {
      ...progressHeaders(row),
      "upload-length": String(row.length),
      "cache-control": "no-store",
      ...(metadata ? { "upload-metadata": metadata } : {}),
    },
  };
}

/** PATCH /api/uploads/{id}: the next bytes, from exactly where the upload is. */
export async function appendToUpload(id: string, user: Viewer, request: Request): Promise<TusAnswer> {
  const { headers } = request;
  checkTusResumable(headers);
  if (headers.get("content-type") !== OFFSET_OCTET_STREAM)
    throw new HttpError(415, `Send the upload's bytes as ${OFFSET_OCTET_STREAM}`);
  const offset = byteCount(headers, "upload-offset");
  if (offset === null) throw badRequest("Upload-Offset is required");
  const row = await ownUpload(id, user);
  if (row.usedAt) throw conflict(UPLOAD_USED);
  if (offset !== row.offset) throw conflict(`Upload-Offset is ${offset} but the upload is at ${row.offset}`);
  if (!request.body) return { status: 204, headers: progressHeaders(row) };
  checkBytes(headers, row.length - offset);
  const appended = await appendBytes(row, offset, request);
  return { status: 204, headers: progressHeaders(appended) };
}

/**
 * Receives a body at `offset` (its headers checked by checkBytes) and stores what arrived as the upload's next part.
 * Two requests at one offset (a retry while a cut request is still being finished) both write, and only the first to
 * commit counts: the other's part is deleted and it is told to ask the offset again.
 */
async function appendBytes(row: ResumableUpload, offset: number, request: Request): Promise<ResumableUpload> {
  const part = await receivePart(request);
  try {
    if (part.size === 0) return row;
    const key = `${partsPrefix(row.id)}/${String(offset).padStart(16, "0")}-${crypto.randomUUID()}`;
    await fileStore().putFile(key, part.path);
    const appended = await repo.appendPart(row.id, offset, { key, size: part.size }, expiryFromNow());
    if (!appended) {
      await fileStore().delete(key);
      throw conflict("Another request moved this upload on: ask for its offset again");
    }
    return appended;
  } finally {
    await rm(part.folder, { recursive: true, force: true });
  }
}

/** DELETE /api/uploads/{id} (termination): its bytes and its row go. */
export async function terminateUpload(id: string, user: Viewer, headers: Headers): Promise<TusAnswer> {
  checkTusResumable(headers);
  const row = await ownUpload(id, user);
  await fileStore().deletePrefix(partsPrefix(row.id));
  await repo.delete(row.id);
  return { status: 204, headers: {} };
}

/**
 * Finished uploads of `user`, named by id, taken for a track, stem or replacement: each checked (the caller's, in
 * time, finished, unused), marked used, its bytes joined into one file in `folder` and deleted from the store.
 * From here the file is an upload like a multipart one (the same checks, quota and messages), and none can be used
 * again. Together they may hold at most `maxBytes` (the limit a multipart body of them would have).
 */
export async function takeFinishedUploads(user: Viewer, ids: string[], folder: string, maxBytes: number): Promise<StagedFile[]> {
  if (new Set(ids).size !== ids.length) throw badRequest("The same upload is named twice");
  const rows: ResumableUpload[] = [];
  for (const id of ids) {
    const row = await ownUpload(id, user);
    if (row.usedAt) throw conflict(UPLOAD_USED);
    if (row.offset < row.length) throw conflict(`This upload is not finished: ${row.offset} of ${row.length} bytes received`);
    rows.push(row);
  }
  if (rows.reduce((sum, row) => sum + row.length, 0) > maxBytes) throw tooLong(maxBytes);
  const now = new Date();
  for (const row of rows) if (!(await repo.markUsed(row.id, now))) throw conflict(UPLOAD_USED);
  const files: StagedFile[] = [];
  for (const [index, row] of rows.entries()) {
    const path = join(folder, `upload-${index}`);
    const size = await joinParts(row, path);
    await fileStore().deletePrefix(partsPrefix(row.id));
    files.push({ name: row.metadata.filename ?? row.metadata.name ?? "", path, size });
  }
  return files;
}

const JOIN_FLUSH_BYTES = 4 * 1024 * 1024;

/** Writes an upload's parts, in order, into one local file; its size. */
async function joinParts(row: ResumableUpload, path: string): Promise<number> {
  const sink = Bun.file(path).writer({ highWaterMark: JOIN_FLUSH_BYTES });
  let size = 0;
  let unflushed = 0;
  try {
    for (const part of row.parts) {
      const stream = await fileStore().stream(part.key);
      if (!stream) throw new Error(`resumable upload ${row.id}: part ${part.key} is missing`);
      for await (const chunk of stream) {
        sink.write(chunk);
        size += chunk.byteLength;
        unflushed += chunk.byteLength;
        // Wait for the disk every few MB: the store reads faster than it writes, and memory must stay flat.
        if (unflushed >= JOIN_FLUSH_BYTES) {
          await sink.flush();
          unflushed = 0;
        }
      }
    }
  } finally {
    await sink.end();
  }
  return size;
}

/** Job `uploads.expire`: deletes uploads past their time, bytes first, so a crash in between leaves a row to retry. */
export async function expireUploads(): Promise<void> {
  const now = new Date();
  for (let batch = await repo.expired(now, 100); batch.length > 0; batch = await repo.expired(now, 100)) {
    for (const row of batch) {
      await fileStore().deletePrefix(partsPrefix(row.id));
      await repo.delete(row.id);
    }
    log.info("expired resumable uploads deleted", { count: batch.length });
  }
}

/** The ids a track upload's `data.uploads` names, in place of file parts. */
export interface NamedUploads {
  original?: string;
  coverArt?: string;
  stems: string[];
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/i;

/** A form's `data` JSON as an object; anything else is {} here (the route's own parser reports it). */
function dataObject(data: string | undefined): Record<string, unknown> {
  try {
    const raw = JSON.parse(data ?? "");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

function uploadId(value: unknown, field: string): string {
  if (typeof value !== "string" || !UPLOAD_ID.test(value)) throw badRequest(`${field} must be the id of a finished upload`);
  return value.toLowerCase();
}

/** `data.uploads` of POST /api/track ({original, coverArt, stems: [...]}); null when the form sends files instead. */
export function namedTrackUploads(data: string | undefined): NamedUploads | null {
  const raw = dataObject(data).uploads;
  if (raw === undefined) return null;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw badRequest("uploads must be an object of upload ids");
  const { original, coverArt, stems = [] } = raw as Record<string, unknown>;
  if (!Array.isArray(stems)) throw badRequest("uploads.stems must be a list of upload ids");
  return {
    original: original === undefined ? undefined : uploadId(original, "uploads.original"),
    coverArt: coverArt === undefined ? undefined : uploadId(coverArt, "uploads.coverArt"),
    stems: stems.map((stem, index) => uploadId(stem, `uploads.stems[${index}]`)),
  };
}

/** `data.uploadId` of a studio route's form; null when the form sends the file instead. */
export function namedUploadId(data: string | undefined): string | null {
  const raw = dataObject(data).uploadId;
  return raw === undefined ? null : uploadId(raw, "uploadId");
}
