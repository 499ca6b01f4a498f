/**
 * The media path with S3_BUCKET set, against an S3-compatible server process on loopback, in both
 * delivery modes: upload → processing → stream/download/convert → delete/purge. Nothing lands on the
 * app's local disk, private media still answer 404, Range and download names work.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { waitForConversion } from "../../tests/support/conversions";
import { setUpServer } from "../../tests/support/lifecycle";
import { bucketKeys, setUpS3Server } from "../../tests/support/s3-server";
import { startServer } from "../../tests/support/server";
import { addStem, stemPath, studioForm } from "../../tests/support/studio";
import { uploadTrack } from "../../tests/support/test-tracks";
import type { TrackDetails } from "../tracks/model";
import { attachmentDisposition } from "./content-disposition";

const TITLE = "Undertow Café";
const ORIGINAL = {
  original: "stems/Nova Drift - Undertow (full mix).wav",
  originalFormat: "wav",
  cover: "images/matplotlib-Minduka_Present_Blue_Pack.png",
  stems: [{ path: "stems/Nova Drift - Undertow - bass.wav", name: "Bass", type: "bass" }],
};

describe.each(["redirect", "proxy"] as const)("MEDIA_DELIVERY=%s", (mode) => {
  const env: Record<string, string> = { MEDIA_DELIVERY: mode, DELETION_GRACE_SECONDS: "2" };
  const bucket = setUpS3Server(env);
  const live = setUpServer({ env });
  let owner: Session;
  let other: Session;
  let track: TrackDetails;
  let hidden: TrackDetails;

  beforeAll(async () => {
    await signUp(live.server); // the first account is the ADMIN; these tests are about owners and others
    owner = await signUp(live.server);
    other = await signUp(live.server);
    track = await uploadTrack(live.server, owner, { ...ORIGINAL, title: TITLE });
    hidden = await uploadTrack(live.server, owner, { ...ORIGINAL, isPublic: false });
  }, 90_000);

  /** A media GET as `session` (or a visitor), following a redirect to the bucket unless told not to. */
  const media = (path: string, session: Session | null, init: RequestInit = {}) =>
    fetch(`${live.server.url}/api${path}`, {
      ...init,
      headers: { ...(session ? { authorization: `Bearer ${session.token}` } : {}), ...(init.headers as object) },
    });
  const downloads = async () =>
    (await call<TrackDetails>(live.server, "GET", `/track/${track.id}`, { token: owner.token })).body.totalDownloads;

  test("upload and processing put every file in the bucket and nothing on the app's disk", async () => {
    const stemId = track.stems[0]?.id;
    expect(await bucketKeys(bucket.s3, `tracks/${track.id}/`)).toEqual(
      [
        `tracks/${track.id}/cover-thumb.webp`,
        `tracks/${track.id}/cover-card.webp`,
        `tracks/${track.id}/cover-page.webp`,
        `tracks/${track.id}/cover-page2x.webp`,
        `tracks/${track.id}/original.stream.mp3`,
        `tracks/${track.id}/original.wav`,
        `tracks/${track.id}/stems/${stemId}.stream.mp3`,
        `tracks/${track.id}/stems/${stemId}.wav`,
      ].sort(),
    );
    expect(existsSync(join(live.server.dataDir, "media"))).toBe(false);
    // ffmpeg's downloaded inputs and rendered outputs were scratch files, removed after each job.
    expect(readdirSync(join(live.server.dataDir, "staging"))).toEqual([]);
  });

  test("Range requests get exactly those bytes of the stored MP3", async () => {
    const whole = new Uint8Array(await (await media(`/track/${track.id}/full.mp3`, owner)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(1000);
    const part = await media(`/track/${track.id}/full.mp3`, owner, { headers: { range: "bytes=100-1099" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${whole.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(100, 1100));
  });

  test("downloads keep their names and types, and count once", async () => {
    const before = await downloads();
    const full = await media(`/track/${track.id}/full.mp3?attachment`, owner);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toBe(attachmentDisposition(TITLE, "mp3"));
    expect(full.headers.get("content-type")).toBe("audio/mpeg");
    await full.arrayBuffer();
    expect(await downloads()).toBe(before + 1);
    const stem = await media(`/track/${track.id}/stem/${track.stems[0]?.id}.wav?attachment`, owner);
    expect(stem.headers.get("content-disposition")).toBe(attachmentDisposition(`${TITLE} - Bass`, "wav"));
    expect(stem.headers.get("content-type")).toBe("audio/wav");
    expect(new TextDecoder().decode((await stem.bytes()).slice(0, 4))).toBe("RIFF");
  });

  test("a download asking for part of the file, or holding a copy already, does not count", async () => {
    const path = `/track/${track.id}/full.mp3?attachment`;
    const etag = (await media(`/track/${track.id}/full.mp3`, owner)).headers.get("etag") as string;
    const before = await downloads();
    const part = await media(path, owner, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    const cached = await media(path, owner, { headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);
    expect(await downloads()).toBe(before);
  });

  test("private media answer 404 to others and visitors, with no way to the bucket", async () => {
    for (const path of [`/track/${hidden.id}/full.mp3`, `/track/${hidden.id}/original?attachment`, `/track/${hidden.id}/cover`]) {
      for (const session of [other, null]) {
        const response = await media(path, session, { redirect: "manual" });
        expect(response.status, path).toBe(404);
        expect(response.headers.get("location"), path).toBeNull();
      }
      expect((await media(path, owner)).status, path).toBe(200);
    }
  });

  test("a FLAC conversion is encoded from the bucket into it, and downloads from it", async () => {
    const start = await call(live.server, "POST", `/track/${track.id}/convert-audio`, {
      token: owner.token,
      body: { type: "full", format: "flac" },
    });
    expect(start.status).toBeLessThan(300);
    expect(await waitForConversion(live.server, owner.token, track.id, "flac")).toBe("COMPLETED");
    const flac = await media(`/track/${track.id}/full.flac?attachment`, owner);
    expect(flac.headers.get("content-disposition")).toBe(attachmentDisposition(TITLE, "flac"));
    expect(new TextDecoder().decode((await flac.bytes()).slice(0, 4))).toBe("fLaC");
    expect((await bucketKeys(bucket.s3, `tracks/${track.id}/`)).filter((key) => key.endsWith(".flac"))).toHaveLength(1);
  });

  if (mode === "redirect") {
    test("the studio checks a new stem against the original's header, read from the bucket", async () => {
      const fork = await call<{ id: string }>(live.server, "POST", `/track/${track.id}/fork`, {
        token: other.token,
        body: { title: "Studio on S3" },
      });
      expect(fork.status).toBe(201);
      const short = "stems/variants/MISMATCH - Undertow - vocals (0.5 s short).flac";
      const refused = await addStem(live.server, other, fork.body.id, studioForm("stemFile", short, { name: "Short" }));
      expect([refused.status, refused.body.message]).toEqual([
        400,
        'Stem "Short" must have the same length and sample rate as the track (it is 0.50 s shorter)',
      ]);
      const added = await addStem(live.server, other, fork.body.id, studioForm("stemFile", stemPath("drums"), { name: "Drums" }));
      expect(added.status).toBeLessThan(300);
      expect(existsSync(join(live.server.dataDir, "media"))).toBe(false);
    });

    test("media answer a private 302 to a presigned URL on the bucket carrying type and name", async () => {
      const response = await media(`/track/${track.id}/full.mp3?attachment`, owner, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const location = new URL(response.headers.get("location") as string);
      expect(location.origin).toBe(bucket.s3.endpoint);
      expect(location.searchParams.get("X-Amz-Expires")).toBe("900");
      expect(location.searchParams.get("response-content-disposition")).toBe(attachmentDisposition(TITLE, "mp3"));
      expect(location.searchParams.get("response-content-type")).toBe("audio/mpeg");
    });
  } else {
    test("proxied media answer 416 past the end, 304 for a known ETag and the whole file for a stale If-Range", async () => {
      const path = `/track/${track.id}/original`;
      const whole = await media(path, owner);
      const etag = whole.headers.get("etag") as string;
      // Bun sends a streamed body chunked, without Content-Length (oven-sh/bun#10507): count the bytes.
      const size = (await whole.arrayBuffer()).byteLength;
      expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
      const past = await media(path, owner, { headers: { range: `bytes=${size}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
      expect(await past.json()).toEqual({ message: "Requested range not satisfiable" });
      const cached = await media(path, owner, { headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(cached.status).toBe(304);
      const stale = await media(path, owner, { headers: { range: "bytes=0-9", "if-range": '"stale"' } });
      expect(stale.status).toBe(200);
      expect((await stale.arrayBuffer()).byteLength).toBe(size);
    });
  }

  test("deleting a track empties its prefix in the bucket once the grace has passed", async () => {
    const deleted = await call<{ deletedIds: string[] }>(live.server, "DELETE", "/tracks", {
      token: owner.token,
      body: { trackIds: [hidden.id] },
    });
    expect(deleted.body.deletedIds).toEqual([hidden.id]);
    let left = await bucketKeys(bucket.s3, `tracks/${hidden.id}/`);
    expect(left.length).toBeGreaterThan(0);
    for (let attempt = 0; attempt < 100 && left.length; attempt++) {
      await Bun.sleep(100);
      left = await bucketKeys(bucket.s3, `tracks/${hidden.id}/`);
    }
    expect(left).toEqual([]);
    expect((await bucketKeys(bucket.s3, `tracks/${track.id}/`)).length).toBeGreaterThan(0);
  });
});

test("a bucket that cannot be reached stops the boot with the setting to check", async () => {
  const unreachable = {
    S3_BUCKET: "media",
    S3_ENDPOINT: "http://127.0.0.1:9",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };
  await expect(startServer({ env: unreachable })).rejects.toThrow('S3 bucket "media" at http://127.0.0.1:9 is not usable');
}, 30_000);
