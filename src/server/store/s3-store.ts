import { unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { S3Client } from "bun";
import type { S3Config } from "../config";
import { assertKey, type FileStore, type StoredFile } from "./file-store";

/** Multipart part size for putFile: S3's minimum is 5 MiB; larger parts mean fewer requests per file. */
const PART_SIZE = 8 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === "NoSuchKey" || code === "NotFound";
};

/** A stream that asks `source` for a chunk only when its reader wants one (no read-ahead). */
function pulled(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Media in an S3-compatible bucket through Bun's S3 client. Readers never see a partial object: a PUT
 * replaces an object whole, and a multipart upload (putFile) only becomes an object when it completes;
 * an aborted one leaves nothing under the key.
 */
export function createS3Store(config: S3Config): FileStore {
  const client = new S3Client({
    bucket: config.bucket,
    endpoint: config.endpoint,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  });

  async function stat(key: string): Promise<StoredFile | null> {
    try {
      const s = await client.stat(assertKey(key));
      return { size: s.size, lastModified: s.lastModified.getTime() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function written(key: string): Promise<StoredFile> {
    const stored = await stat(key);
    if (!stored) throw new Error(`S3 reported ${key} written but it is not there`);
    return stored;
  }

  return {
    async put(key, data) {
      await client.write(assertKey(key), data);
      return written(key);
    },
    /**
     * A multipart upload of a stream's body. Bun pulls the stream as its queue of parts has room (a writer()
     * would buffer every chunk written: hundreds of MB for an export, measured), and aborts the upload when the
     * stream fails, so S3 shows nothing under the key.
     */
    async putStream(key, source) {
      await client.write(assertKey(key), new Response(pulled(source)), { partSize: PART_SIZE, queueSize: 2, retry: 3 });
      return written(key);
    },
    /**
     * Bun uploads a file in parts (multipart) when it is larger than one part, so big renders never sit
     * whole in memory; a file it cannot read stores nothing. Then the local copy goes: a move.
     */
    async putFile(key, localPath) {
      await client.write(assertKey(key), Bun.file(localPath), { partSize: PART_SIZE, queueSize: 2, retry: 3 });
      await unlink(localPath);
      return written(key);
    },
    async get(key) {
      const stored = await stat(key);
      // An S3File's size is unknown (NaN) until asked for; the slice over the stated length has it, and
      // reads its bytes lazily with Range requests like any slice.
      return stored ? client.file(key).slice(0, stored.size) : null;
    },
    async stream(key) {
      return (await stat(key)) ? client.file(key).stream() : null;
    },
    stat,
    delete: (key) => client.delete(assertKey(key)),
    async deletePrefix(prefix) {
      const folder = `${assertKey(prefix)}/`;
      let continuationToken: string | undefined;
      do {
        const page = await client.list({ prefix: folder, continuationToken });
        // One at a time: purges run in a background sweep, and some S3-compatible servers (s3rver, on a
        // filesystem) race when removing emptied folders under concurrent deletes.
        for (const object of page.contents ?? []) await client.delete(object.key);
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
    },
    /** ffmpeg reads local files only: the object is downloaded (streamed) into the caller's scratch folder. */
    async localPath(key, scratchFolder) {
      const path = join(scratchFolder, `${crypto.randomUUID()}-${basename(assertKey(key))}`);
      await Bun.write(path, client.file(key));
      return path;
    },
    signedUrl: (key, options) =>
      client.presign(assertKey(key), {
        expiresIn: options.expiresInSeconds,
        method: options.method ?? "GET",
        type: options.contentType,
        contentDisposition: options.contentDisposition,
      }),
  };
}

/** Boot check: one list call proves the endpoint, the credentials and the bucket, with a message saying which. */
export async function checkS3Bucket(config: S3Config): Promise<void> {
  const client = new S3Client({ ...config });
  try {
    // A prefix nothing is stored under: the answer is one short page whatever the bucket holds (a
    // truncated page needs a continuation token, which some S3-compatible servers fail to make).
    await client.list({ prefix: "stemma-boot-check/", maxKeys: 1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.endpoint ?? "AWS";
    throw new Error(`S3 bucket "${config.bucket}" at ${where} is not usable (check S3_* settings): ${reason}`);
  }
}
