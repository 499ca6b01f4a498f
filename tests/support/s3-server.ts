import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

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
export async function startS3Server(bucket = "stemma-media"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "stemma-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: !process.env.S3RVER_LOG,
    configureBuckets: [{ name: bucket }],
  });
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
      S3_REGION: "us-east-1",
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    multipartKeys,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
