/**
 * The account export with S3_BUCKET set (s3rver on loopback), in both delivery modes: the zip is streamed into the
 * bucket as a multipart upload, nothing lands on the app's disk, and the download goes by presigned redirect or
 * through the app, with the zip's name and type.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Session, signUp } from "../../tests/support/api";
import { downloadZip, startExport, unzip, waitExport, zipNames } from "../../tests/support/exports";
import { setUpServer } from "../../tests/support/lifecycle";
import { bucketKeys, setUpS3Server } from "../../tests/support/s3-server";
import { CORPUS, uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";

const ORIGINAL = "stems/Nova Drift - Undertow (full mix).wav";
const STEM = "stems/Nova Drift - Undertow - bass.wav";

describe.each(["redirect", "proxy"] as const)("MEDIA_DELIVERY=%s", (mode) => {
  const env: Record<string, string> = { MEDIA_DELIVERY: mode };
  const bucket = setUpS3Server(env);
  const live = setUpServer({ env });
  let owner: Session;
  let track: TrackDetails;
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  beforeAll(async () => {
    owner = await signUp(live.server);
    track = await uploadTrack(live.server, owner, {
      title: "Undertow",
      original: ORIGINAL,
      originalFormat: "wav",
      isPublic: false,
      stems: [{ path: STEM, name: "Bass", type: "bass" }],
    });
  }, 90_000);

  test("the zip goes into the bucket, and downloads whole with its name", async () => {
    const ready = await waitExport(live.server, owner, (await startExport(live.server, owner)).id);
    expect(ready.status).toBe("READY");
    expect(await bucketKeys(bucket.s3, "exports/")).toEqual([`exports/${owner.user.id}/${ready.id}.zip`]);
    expect(existsSync(join(live.server.dataDir, "media"))).toBe(false);

    const stemma = await fetch(`${live.server.url}${ready.downloadUrl}`, { redirect: "manual" });
    expect(stemma.status).toBe(mode === "redirect" ? 302 : 200);
    await stemma.body?.cancel();
    const { path, response } = await downloadZip(live.server, ready.downloadUrl as string);
    folders.push(join(path, ".."));
    const root = `stemma-export-${owner.user.username}-${ready.createdAt.slice(0, 10)}`;
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain(`filename="${root}.zip"`);
    const folder = `${root}/tracks/Undertow-${track.id}`;
    expect(zipNames(path).sort()).toEqual(
      [`${root}/stemma.json`, `${folder}/original.wav`, `${folder}/stems/01-Bass.wav`].sort(),
    );
    const unzipped = unzip(path);
    folders.push(unzipped);
    const same = (inZip: string, corpus: string) =>
      Buffer.from(readFileSync(join(unzipped, inZip))).equals(readFileSync(join(CORPUS, corpus)));
    expect(same(`${folder}/original.wav`, ORIGINAL)).toBe(true);
    expect(same(`${folder}/stems/01-Bass.wav`, STEM)).toBe(true);
  }, 60_000);
});
