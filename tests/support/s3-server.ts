import { afterAll, beforeAll } from "bun:test";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, ReadStream, rmSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { S3Client } from "bun";
import S3rver, { type S3rverContext } from "s3rver";

/** s3rver's fixed test credentials. */
const REGION = "us-east-1";
const KEY = "S3RVER";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The app's S3_* settings for this server. */
  env: Record<string, string>;
  /** Keys of objects completed by a multipart upload (CompleteMultipartUpload), in order. */
  multipartKeys: string[];
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on loopback, on a free port, storing in a fresh temporary folder.
 * The app and the S3 store speak only the S3 protocol to it, as they would to AWS, MinIO or Garage.
 */
export async function startS3Server(options: { corsOrigin?: string } = {}): Promise<TestS3Server> {
  const bucket = "stemma-media";
  const directory = mkdtempSync(join(tmpdir(), "stemma-s3-"));
  // The CORS rule an operator sets so browsers may fetch media from the bucket by script (docs/operating.md, "Object storage").
  const cors = options.corsOrigin
    ? [
        `<CORSConfiguration><CORSRule><AllowedOrigin>${options.corsOrigin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod>` +
          "<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader>" +
          "</CORSRule></CORSConfiguration>",
      ]
    : [];
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: cors }],
  });
  writeObjectsWhole(server);
  server.middleware.unshift(byteRangeAsS3);
  const multipartKeys: string[] = [];
  server.on("event", (event) => {
    for (const record of event.Records) {
      if (record.eventName === "ObjectCreated:Post") multipartKeys.push(record.s3.object.key);
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    multipartKeys,
    async stop() {
      // Its http server waits for every kept-alive client connection to end, and the test process's S3 clients keep
      // theirs: past a few seconds nothing more is coming, so the folder goes anyway.
      await Promise.race([server.close(), Bun.sleep(5_000)]);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 misreads two single byte ranges that S3 serves (RFC 9110 §14.1.2): `bytes=0-0` (as the whole
 * object) and a suffix `bytes=-N` (as `bytes=0-N`). The app's proxy (MEDIA_DELIVERY=proxy) passes a browser's
 * Range on as it came, so this stand-in for S3 answers them as S3 does: when s3rver sent other bytes than
 * the range asks for, the right ones are cut from the file it was reading.
 */
async function byteRangeAsS3(ctx: S3rverContext, next: () => Promise<void>): Promise<void> {
  await next();
  const header = ctx.get("range");
  const file = ctx.body;
  if (!header || !(file instanceof ReadStream) || (ctx.status !== 200 && ctx.status !== 206)) return;
  const size = Number(ctx.response.get("content-range").split("/")[1] || ctx.length);
  const range = askedBytes(header, size);
  if (!range) return;
  const asked = `bytes ${range.start}-${range.end}/${size}`;
  if (ctx.response.get("content-range") === asked) return;
  file.destroy();
  ctx.body = createReadStream(file.path, range);
  ctx.set("Content-Range", asked);
  ctx.length = range.end - range.start + 1;
  ctx.status = 206;
}

/** The bytes of an object of `size` that a single `bytes=` range asks for; null when s3rver's answer stands. */
function askedBytes(header: string, size: number): { start: number; end: number } | null {
  const [, first = "", last = ""] = header.match(/^bytes=(\d*)-(\d*)$/) ?? [];
  if (first === "" && last === "") return null;
  const start = first === "" ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === "" || last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end ? { start, end } : null;
}

/**
 * s3rver 3.7.1 answers a PUT once the bytes have passed its checksum step, not once they are on disk, and writes
 * them in place: a HEAD or GET right after the PUT could see a short object (a stored MP3 recorded as 0 bytes long,
 * seen on the cluster). S3 acknowledges a PUT only when the object is whole, and replaces it at once. This makes
 * s3rver's object writes (plain and multipart) do the same: the bytes go to a temporary file beside the object, renamed
 * into place once written (its listings show only object files).
 */
export function writeObjectsWhole(server: S3rver): void {
  const store = server.store;
  store.putObject = async (object) => {
    const path = store.getResourcePath(object.bucket, object.key, "object");
    const partial = `${path}.${crypto.randomUUID()}.partial`;
    await mkdir(dirname(path), { recursive: true });
    const md5 = createHash("md5");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    try {
      await pipeline(content, measure, createWriteStream(partial));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const digest = md5.digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/**
 * Starts an S3 server before the file's (or describe block's) app server and adds its S3_* settings
 * to `env`: call it before `setUpServer({ env })`, whose start hook then runs second. Stopped after.
 */
export function setUpS3Server(env: Record<string, string>, options: { corsOrigin?: string } = {}): { readonly s3: TestS3Server } {
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server(options);
    Object.assign(env, s3.env);
  });
  afterAll(() => s3?.stop());
  return {
    get s3() {
      if (!s3) throw new Error("the S3 server is not started yet: use it inside a test or hook");
      return s3;
    },
  };
}

/** Every key in the server's bucket under `prefix`, sorted: what the app stored there. */
export async function bucketKeys(s3: TestS3Server, prefix = ""): Promise<string[]> {
  return [...(await bucketSizes(s3, prefix)).keys()].sort();
}

/**
 * s3rver lists a bucket by reading each object's files, and answers InternalError when the app deletes one
 * between its directory read and that: a listing taken while a purge runs is asked for again, once.
 */
async function listOnce(client: S3Client, prefix: string, continuationToken: string | undefined) {
  try {
    return await client.list({ prefix, continuationToken });
  } catch (error) {
    if ((error as { code?: string }).code !== "InternalError") throw error;
    await Bun.sleep(200);
    return client.list({ prefix, continuationToken });
  }
}

/** Every object in the server's bucket under `prefix`: key → size in bytes (all pages of the listing). */
export async function bucketSizes(s3: TestS3Server, prefix = ""): Promise<Map<string, number>> {
  const client = new S3Client({ ...s3Credentials(s3), bucket: s3.bucket });
  const sizes = new Map<string, number>();
  let continuationToken: string | undefined;
  do {
    const listed = await listOnce(client, prefix, continuationToken);
    for (const object of listed.contents ?? []) sizes.set(object.key, object.size ?? 0);
    continuationToken = listed.isTruncated ? listed.nextContinuationToken : undefined;
  } while (continuationToken);
  return sizes;
}

/** How a client in the test process reaches the server. */
export const s3Credentials = (s3: TestS3Server) => ({
  endpoint: s3.endpoint,
  region: REGION,
  accessKeyId: KEY,
  secretAccessKey: KEY,
});
