/**
 * hot-media.ts: a file is kept from its second request on, only while it is the same file (size and modification
 * time), never above the per-file limit, and the least recently used go first once the total passes HOT_MEDIA_BYTES.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOT_MEDIA_BYTES, HOT_MEDIA_MAX_FILE_BYTES, hotMedia, hotMediaUse } from "./hot-media";

const folder = mkdtempSync(join(tmpdir(), "stemma-hot-media-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let seed = 0;
/** A file of `size` bytes unlike any other here, and what the store's stat says of it. */
function file(name: string, size: number) {
  const path = join(folder, name);
  const salt = ++seed;
  writeFileSync(
    path,
    new Uint8Array(size).map((_, index) => (index * 31 + salt) & 255),
  );
  return { name, path, stat: () => ({ size: statSync(path).size, lastModified: statSync(path).mtimeMs }) };
}
type File = ReturnType<typeof file>;
const ask = (each: File) => hotMedia(each.name, each.stat(), Bun.file(each.path));

/** Asks as a request would until the bytes come from memory (or gives up). */
async function askUntilKept(each: File) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const bytes = ask(each);
    if (bytes) return bytes;
    await Bun.sleep(10);
  }
  return null;
}

test("the first request reads the store; from the second on the bytes are kept, equal to the file's", async () => {
  const a = file("a", 300_000);
  expect(ask(a)).toBeNull();
  expect(await askUntilKept(a)).toEqual(await Bun.file(a.path).bytes());
});

test("a replaced file is never sent from memory stale", async () => {
  const b = file("b", 200_000);
  await askUntilKept(b);
  writeFileSync(b.path, new Uint8Array(200_000).fill(7));
  utimesSync(b.path, new Date(), new Date(Date.now() + 5_000));
  expect(ask(b)).toBeNull();
  expect(await askUntilKept(b)).toEqual(new Uint8Array(200_000).fill(7));
});

test("a file above the per-file limit is always read from the store", async () => {
  const big = file("big", HOT_MEDIA_MAX_FILE_BYTES + 1);
  for (let request = 0; request < 5; request++) {
    expect(ask(big)).toBeNull();
    await Bun.sleep(20);
  }
  expect(hotMediaUse().bytes).toBeLessThanOrEqual(HOT_MEDIA_BYTES);
});

test("past HOT_MEDIA_BYTES the least recently used file goes", async () => {
  const size = Math.floor(HOT_MEDIA_MAX_FILE_BYTES * 0.9);
  const [c, d, e] = ["c", "d", "e"].map((name) => file(name, size)) as [File, File, File];
  expect(await askUntilKept(c)).not.toBeNull();
  expect(await askUntilKept(d)).not.toBeNull();
  // c is used again, so d is now the least recently used, and goes when e comes in.
  expect(ask(c)).not.toBeNull();
  expect(await askUntilKept(e)).not.toBeNull();
  expect(hotMediaUse().bytes).toBeLessThanOrEqual(HOT_MEDIA_BYTES);
  expect(ask(d)).toBeNull();
  expect(ask(c)).not.toBeNull();
});
