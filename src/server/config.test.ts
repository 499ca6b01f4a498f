/** Boot-time settings for object storage: a half-configured bucket stops the boot with the names to fix. */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config";

const dataDir = mkdtempSync(join(tmpdir(), "stemma-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "secret", ...env });
const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

test("without S3_BUCKET media stay on local disk and are delivered by redirect when on S3", () => {
  const config = load({});
  expect(config.s3).toBeNull();
  expect(config.mediaDelivery).toBe("redirect");
});

test("S3_BUCKET with its keys selects S3, with the endpoint and region as given", () => {
  const config = load({ S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-1", ...keys });
  expect(config.s3).toEqual({
    bucket: "media",
    endpoint: "http://127.0.0.1:9000",
    region: "eu-west-1",
    accessKeyId: "id",
    secretAccessKey: "secret",
  });
  expect(load({ S3_BUCKET: "media", ...keys, MEDIA_DELIVERY: "proxy" }).mediaDelivery).toBe("proxy");
});

test.each([
  [{ S3_BUCKET: "media" }, "S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too"],
  [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" }, "S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too"],
  [
    { S3_ENDPOINT: "http://127.0.0.1:9000", ...keys },
    "S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET",
  ],
  [{ S3_BUCKET: "media", S3_ENDPOINT: "127.0.0.1:9000", ...keys }, "S3_ENDPOINT must be an http(s) URL"],
  [{ MEDIA_DELIVERY: "cdn" }, "MEDIA_DELIVERY must be redirect or proxy"],
])("%p is refused at boot: %s", (env, message) => {
  expect(() => load(env)).toThrow(message);
});
