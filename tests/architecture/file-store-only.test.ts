/**
 * The scale-out storage rule: every media read and write goes through the FileStore (src/server/store), so
 * the same code runs on local disk and on S3. `localPath` (a local copy of a stored file) is for the steps
 * that hand files to ffmpeg in a scratch folder, and nothing else; the media folder is the local store's.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const REPO = join(import.meta.dir, "../..");

/** The ffmpeg scratch steps: they download inputs into a job folder, render there, and putFile (or send) the outputs. */
const FFMPEG_SCRATCH_STEPS = [
  "modules/conversions/service.ts",
  "modules/studio/render-mix.ts",
  "modules/uploads/loudness-backfill.ts",
  "modules/uploads/processing.ts",
];

/** The server's own source: modules and src/server, tests excluded. */
async function serverSources(): Promise<Array<{ path: string; code: string }>> {
  const sources: Array<{ path: string; code: string }> = [];
  for (const pattern of ["modules/**/*.ts", "src/server/**/*.ts"]) {
    for await (const path of new Bun.Glob(pattern).scan(REPO)) {
      if (/\.(test|e2e)\.ts$/.test(path)) continue;
      sources.push({ path, code: await Bun.file(join(REPO, path)).text() });
    }
  }
  return sources;
}

const inStore = (path: string) => path.startsWith("src/server/store/");

/**
 * The one listing of an embedded install's media folder as it lies on disk, for `migrate-to` and the backup
 * (the FileStore never lists).
 */
const MEDIA_FOLDER_LISTING = ["src/server/migrate/media.ts"];

test("localPath is called only by the ffmpeg scratch steps", async () => {
  const callers = (await serverSources())
    .filter(({ path, code }) => !inStore(path) && /\.localPath\(/.test(code))
    .map(({ path }) => path)
    .sort();
  expect(callers).toEqual(FFMPEG_SCRATCH_STEPS);
});

test("only the local store and the media folder's listing name the media folder under DATA_DIR", async () => {
  const namers = (await serverSources())
    .filter(({ path, code }) => !inStore(path) && /dataDir\s*,\s*["']media["']/.test(code))
    .map(({ path }) => path);
  expect(namers).toEqual(MEDIA_FOLDER_LISTING);
});
