/** One contract for every FileStore: the local disk and an S3-compatible bucket (s3rver on loopback). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bucketKeys, s3Credentials, startS3Server, type TestS3Server } from "../../../tests/support/s3-server";
import type { FileStore } from "./file-store";
import { createLocalStore } from "./local-store";
import { checkS3Bucket, createS3Store } from "./s3-store";

interface Fixture {
  store: FileStore;
  /** Every key stored, so leftovers (temporary names, unfinished uploads) show up. */
  keys(): Promise<string[]>;
  s3: TestS3Server | null;
  close(): Promise<void>;
}

/** Every file under the root, relative. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const fixtures: Record<"local" | "s3", () => Promise<Fixture>> = {
  async local() {
    const root = mkdtempSync(join(tmpdir(), "stemma-store-"));
    return {
      store: createLocalStore(root),
      keys: async () => filesUnder(root).sort(),
      s3: null,
      close: async () => rmSync(root, { recursive: true, force: true }),
    };
  },
  async s3() {
    const s3 = await startS3Server();
    return {
      store: createS3Store({ ...s3Credentials(s3), bucket: s3.bucket }),
      keys: () => bucketKeys(s3),
      s3,
      close: () => s3.stop(),
    };
  },
};

const scratchRoot = mkdtempSync(join(tmpdir(), "stemma-scratch-"));
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));
const scratchFile = (contents: string | Uint8Array) => {
  const path = join(scratchRoot, crypto.randomUUID());
  writeFileSync(path, contents);
  return path;
};

describe.each(["local", "s3"] as const)("the %s store", (kind) => {
  let fixture: Fixture;
  let store: FileStore;
  beforeAll(async () => {
    fixture = await fixtures[kind]();
    store = fixture.store;
  });
  afterAll(() => fixture.close());

  test("put, stat, get, stream and delete by key, leaving nothing else behind", async () => {
    const stored = await store.put("tracks/t1/original.wav", new Uint8Array([1, 2, 3, 4]));
    expect(stored.size).toBe(4);
    expect((await store.stat("tracks/t1/original.wav"))?.size).toBe(4);
    expect(await (await store.get("tracks/t1/original.wav"))?.bytes()).toEqual(new Uint8Array([1, 2, 3, 4]));
    // Header readers (WAV chunks, studio's track length) walk a stored file by its size and slices.
    expect((await store.get("tracks/t1/original.wav"))?.size).toBe(4);
    expect(await (await store.get("tracks/t1/original.wav"))?.slice(1, 3).bytes()).toEqual(new Uint8Array([2, 3]));
    const stream = await store.stream("tracks/t1/original.wav");
    expect(await new Response(stream).bytes()).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(await fixture.keys()).toEqual(["tracks/t1/original.wav"]);
    await store.delete("tracks/t1/original.wav");
    expect(await store.get("tracks/t1/original.wav")).toBeNull();
    expect(await store.stat("tracks/t1/original.wav")).toBeNull();
    expect(await fixture.keys()).toEqual([]);
  });

  test("a missing key reads as null everywhere, and deleting it is harmless", async () => {
    expect(await store.get("tracks/none/full.mp3")).toBeNull();
    expect(await store.stream("tracks/none/full.mp3")).toBeNull();
    expect(await store.stat("tracks/none/full.mp3")).toBeNull();
    await store.delete("tracks/none/full.mp3");
    await store.deletePrefix("tracks/none");
  });

  test("putFile moves a finished local file in; deletePrefix removes that folder only", async () => {
    const scratch = scratchFile("rendered");
    const stored = await store.putFile("tracks/t3/stems/s1.mp3", scratch);
    expect(stored.size).toBe(8);
    expect(existsSync(scratch)).toBe(false);
    await store.put("tracks/t3/full.mp3", "full");
    await store.put("tracks/t30/full.mp3", "neighbour");
    expect(await (await store.get("tracks/t3/stems/s1.mp3"))?.text()).toBe("rendered");
    await store.deletePrefix("tracks/t3");
    expect(await store.get("tracks/t3/stems/s1.mp3")).toBeNull();
    expect(await fixture.keys()).toEqual(["tracks/t30/full.mp3"]);
    await store.deletePrefix("tracks/t30");
  });

  test("putStream stores a stream chunk by chunk; a source that fails stores nothing under the key", async () => {
    // Over two S3 parts, so the remote store's multipart path is the one taken.
    const chunk = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    async function* chunks(count: number, failAt?: number) {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error("source failed");
        yield chunk;
      }
    }
    const stored = await store.putStream("exports/u1/e1.zip", chunks(20));
    expect(stored.size).toBe(20 * chunk.byteLength);
    const bytes = (await (await store.get("exports/u1/e1.zip"))?.bytes()) as Uint8Array;
    expect(bytes.byteLength).toBe(20 * chunk.byteLength);
    expect(bytes.subarray(19 * chunk.byteLength)).toEqual(chunk);

    await expect(store.putStream("exports/u1/e2.zip", chunks(20, 12))).rejects.toThrow("source failed");
    expect(await store.stat("exports/u1/e2.zip")).toBeNull();
    expect(await fixture.keys()).toEqual(["exports/u1/e1.zip"]);
    await store.deletePrefix("exports/u1");
  });

  test("localPath gives ffmpeg a local file with the stored bytes", async () => {
    await store.put("tracks/t4/original.flac", "flac bytes");
    const scratchFolder = mkdtempSync(join(scratchRoot, "job-"));
    const path = await store.localPath("tracks/t4/original.flac", scratchFolder);
    expect(await Bun.file(path).text()).toBe("flac bytes");
    // A remote store downloads into the caller's scratch folder, which the caller removes.
    if (fixture.s3) expect(path.startsWith(scratchFolder)).toBe(true);
    await store.deletePrefix("tracks/t4");
  });

  test.each(["../escape", "tracks/../../etc/passwd", "/absolute", "tracks//double", "tracks/a b", ""])(
    "refuses the key %p",
    async (key) => {
      await expect(store.put(key, "x")).rejects.toThrow("Invalid storage key");
      await expect(store.putFile(key, scratchFile("x"))).rejects.toThrow("Invalid storage key");
    },
  );
});

describe("the local store", () => {
  const root = mkdtempSync(join(tmpdir(), "stemma-store-"));
  const store = createLocalStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("a replaced file is swapped whole: a reader mid-way through keeps reading the old bytes", async () => {
    const old = new Uint8Array(4 * 1024 * 1024).fill(97);
    await store.put("tracks/t2/full.mp3", old);
    const reader = (await store.stream("tracks/t2/full.mp3"))?.getReader();
    const first = await reader?.read();
    await store.put("tracks/t2/full.mp3", new Uint8Array(1024).fill(98));
    let received = first?.value?.byteLength ?? 0;
    let allOld = first?.value?.every((byte) => byte === 97) ?? false;
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      received += chunk.value.byteLength;
      allOld &&= chunk.value.every((byte) => byte === 97);
    }
    expect(received).toBe(old.byteLength);
    expect(allOld).toBe(true);
    expect((await store.stat("tracks/t2/full.mp3"))?.size).toBe(1024);
  });

  test("writes cut short by a kill are in .partial/, which the boot sweep empties; stored files stay", async () => {
    await store.put("tracks/t3/cover-card.webp", "card");
    // What a process killed between its write and its rename leaves behind.
    writeFileSync(join(root, ".partial", crypto.randomUUID()), "half a cover");
    expect(filesUnder(root).filter((path) => path.startsWith(".partial/"))).toHaveLength(1);
    store.sweepPartialWrites();
    expect(filesUnder(root).filter((path) => path.startsWith(".partial/"))).toEqual([]);
    expect(await (await store.get("tracks/t3/cover-card.webp"))?.text()).toBe("card");
    await store.put("tracks/t3/cover-card.webp", "new card");
    expect(await (await store.get("tracks/t3/cover-card.webp"))?.text()).toBe("new card");
  });
});

describe("the S3 store", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await fixtures.s3();
  });
  afterAll(() => fixture.close());

  test("a big putFile goes up as a multipart upload, which S3 makes visible only on completion, whole", async () => {
    const big = new Uint8Array(20 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const upload = fixture.store.putFile("tracks/big/original.wav", scratchFile(big));
    // Nothing is under the key while the parts go up. (s3rver then assembles the parts in place, so
    // the whole-object-at-once guarantee of CompleteMultipartUpload is S3's own, not observable here.)
    expect(await fixture.store.stat("tracks/big/original.wav")).toBeNull();
    expect((await upload).size).toBe(big.byteLength);
    expect(fixture.s3?.multipartKeys).toEqual(["tracks/big/original.wav"]);
    expect(await (await fixture.store.get("tracks/big/original.wav"))?.bytes()).toEqual(big);
    expect(await fixture.keys()).toEqual(["tracks/big/original.wav"]);
  });

  test("the boot check passes on a bucket holding many objects, and names a bucket that is not there", async () => {
    const s3 = fixture.s3 as TestS3Server;
    for (const name of ["a", "b", "c"]) await fixture.store.put(`tracks/check/${name}.mp3`, name);
    await checkS3Bucket({ ...s3Credentials(s3), bucket: s3.bucket });
    await expect(checkS3Bucket({ ...s3Credentials(s3), bucket: "no-such-bucket" })).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${s3.endpoint} is not usable (check S3_* settings)`,
    );
    await fixture.store.deletePrefix("tracks/check");
  });
  test("a putFile whose local file cannot be read stores nothing", async () => {
    await expect(fixture.store.putFile("tracks/t6/full.mp3", join(scratchRoot, "missing"))).rejects.toThrow();
    expect(await fixture.store.stat("tracks/t6/full.mp3")).toBeNull();
  });

  test("a signed URL reads the object with the type and download name it was signed for", async () => {
    await fixture.store.put("tracks/t5/full.mp3", "mp3 bytes");
    const url = fixture.store.signedUrl?.("tracks/t5/full.mp3", {
      expiresInSeconds: 60,
      contentType: "audio/mpeg",
      contentDisposition: `attachment; filename="Song.mp3"; filename*=UTF-8''Caf%C3%A9.mp3`,
    });
    const response = await fetch(url as string, { headers: { range: "bytes=4-" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Song.mp3"; filename*=UTF-8''Caf%C3%A9.mp3`);
    expect(await response.text()).toBe("bytes");
  });
});
