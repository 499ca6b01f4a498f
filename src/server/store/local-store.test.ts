import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalStore } from "./local-store";

const root = mkdtempSync(join(tmpdir(), "stemma-store-"));
const store = createLocalStore(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file under the root, relative, so leftovers such as `*.tmp-*` show up. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

test("put, stat, get, stream and delete by key, leaving no temporary file", async () => {
  const stored = await store.put("tracks/t1/original.wav", new Uint8Array([1, 2, 3, 4]));
  expect(stored.size).toBe(4);
  expect((await store.stat("tracks/t1/original.wav"))?.size).toBe(4);
  expect(await (await store.get("tracks/t1/original.wav"))?.bytes()).toEqual(new Uint8Array([1, 2, 3, 4]));
  const stream = await store.stream("tracks/t1/original.wav");
  expect(await new Response(stream).bytes()).toEqual(new Uint8Array([1, 2, 3, 4]));
  expect(filesUnder(root)).toEqual(["tracks/t1/original.wav"]);
  await store.delete("tracks/t1/original.wav");
  expect(await store.get("tracks/t1/original.wav")).toBeNull();
  expect(await store.stat("tracks/t1/original.wav")).toBeNull();
});

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

test("putFile moves a finished local file in; deletePrefix removes a whole folder", async () => {
  const scratch = join(root, "..", `scratch-${crypto.randomUUID()}`);
  writeFileSync(scratch, "rendered");
  await store.putFile("tracks/t3/stems/s1.mp3", scratch);
  expect(await (await store.get("tracks/t3/stems/s1.mp3"))?.text()).toBe("rendered");
  await store.deletePrefix("tracks/t3");
  expect(await store.get("tracks/t3/stems/s1.mp3")).toBeNull();
});

test.each(["../escape", "tracks/../../etc/passwd", "/absolute", "tracks//double", "tracks/a b", ""])(
  "refuses the key %p",
  async (key) => {
    await expect(store.put(key, "x")).rejects.toThrow("Invalid storage key");
  },
);
