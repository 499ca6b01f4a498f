/**
 * The test S3 server keeps S3's promise the cluster's tests rely on: a PUT is answered once the object is whole,
 * so a HEAD or GET right after it sees every byte. s3rver alone resolved its object write before the bytes
 * reached the disk (s3-server.ts `writeObjectsWhole`).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { S3Client } from "bun";
import S3rver from "s3rver";
import { s3Credentials, startS3Server, type TestS3Server, writeObjectsWhole } from "./s3-server";

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({ ...s3Credentials(s3), bucket: s3.bucket });
});
afterAll(() => s3.stop());

test("s3rver's object write, made whole, resolves only once every byte is in the object file", async () => {
  const directory = mkdtempSync(join(tmpdir(), "stemma-s3rver-"));
  try {
    const server = new S3rver({ directory, silent: true, configureBuckets: [{ name: "whole" }] });
    writeObjectsWhole(server);
    const chunks = Array.from({ length: 400 }, (_, index) => Buffer.alloc(16_384, index));
    const written = [
      ["as one buffer", Buffer.concat(chunks)],
      ["as a stream of chunks", Readable.from(chunks, { objectMode: false })],
    ] as const;
    for (const [how, content] of written) {
      const key = `object ${how}`;
      const reply = await server.store.putObject({ bucket: "whole", key, content, metadata: {} });
      const onDisk = statSync(server.store.getResourcePath("whole", key, "object")).size;
      expect([how, reply.size, onDisk]).toEqual([how, 400 * 16_384, 400 * 16_384]);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("each of 100 objects written side by side states its whole size and bytes right after its PUT", async () => {
  const sizes = await Promise.all(
    Array.from({ length: 100 }, async (_, index) => {
      const key = `whole/${index}.bin`;
      await client.write(key, new Uint8Array(20_000 + index).fill(index));
      const read = await client.file(key).bytes();
      return [(await client.stat(key)).size, read.length, read[read.length - 1]];
    }),
  );
  expect(sizes).toEqual(Array.from({ length: 100 }, (_, index) => [20_000 + index, 20_000 + index, index]));
});

test("an object written again is replaced whole, and only objects are listed", async () => {
  await client.write("again.bin", new Uint8Array(1_000_000).fill(1));
  await client.write("again.bin", new Uint8Array(500_000).fill(2));
  expect((await client.stat("again.bin")).size).toBe(500_000);
  expect(new Set(await client.file("again.bin").bytes())).toEqual(new Set([2]));
  const listed = await client.list({ prefix: "again" });
  expect(listed.contents?.map((object) => [object.key, object.size])).toEqual([["again.bin", 500_000]]);
});
