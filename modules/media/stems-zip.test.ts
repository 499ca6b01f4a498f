/**
 * GET /api/track/{id}/stems.zip?format=: every stem in one download, for signed-in users who may see the track
 * (visitors 401, private tracks 404 to others), WAV/FLAC only once converted (409 saying how many are not), names
 * safe and unique, the bytes the stems' own downloads give, and one download counted per complete zip.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { downloadZip, unzip, zipNames } from "../../tests/support/exports";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

const STEMS = "stems/Nova Drift - Undertow";
const live = setUpServer();
let alice: Session;
let bob: Session;
let trackId: string;

const zipPath = (id: string, format: string) => `/api/track/${id}/stems.zip?format=${format}`;
const ask = (id: string, format: string, session: Session | null) =>
  fetch(`${live.server.url}${zipPath(id, format)}`, { headers: session ? { authorization: `Bearer ${session.token}` } : {} });
const downloads = async () =>
  (await call<TrackDetails>(live.server, "GET", `/track/${trackId}`, { token: alice.token })).body.totalDownloads;

beforeAll(async () => {
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  trackId = await createTrack(live.server, alice.token, {
    original: `${STEMS} (full mix).wav`,
    // Two stems with one name, and one whose name would climb out of the folder as a path.
    stems: [
      { path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" },
      { path: `${STEMS} - drums.wav`, name: "Bass", type: "drums" },
      { path: `${STEMS} - synth.wav`, name: "../../etc/passwd", type: "synth" },
    ],
    data: { title: "Undertow" },
  });
  await waitForProcessing(live.server, alice.token, trackId);
}, 120_000);

describe("who may download all stems", () => {
  test("a visitor must sign in; a private track is the 404 of a track that does not exist", async () => {
    const visitor = await ask(trackId, "wav", null);
    expect([visitor.status, (await visitor.json()).message]).toEqual([401, "Authentication required"]);

    await call(live.server, "PATCH", `/track/${trackId}/visibility`, { token: alice.token, body: { isPublic: false } });
    try {
      const stranger = await ask(trackId, "wav", bob);
      expect([stranger.status, (await stranger.json()).message]).toEqual([404, "Track not found"]);
      expect((await ask(trackId, "wav", alice)).status).toBe(200);
    } finally {
      await call(live.server, "PATCH", `/track/${trackId}/visibility`, { token: alice.token, body: { isPublic: true } });
    }
    const unknown = await ask("no-such-track", "wav", bob);
    expect(unknown.status).toBe(404);
  });

  test("a bad or missing format is a 400 saying which formats there are; a track without stems is a 404", async () => {
    for (const format of ["ogg", ""]) {
      const bad = await ask(trackId, format, bob);
      expect([bad.status, (await bad.json()).message]).toEqual([400, "format must be mp3, wav or flac"]);
    }
    const lone = await uploadTiny(live.server, alice, { title: "No stems" });
    await waitForProcessing(live.server, alice.token, lone);
    const none = await ask(lone, "mp3", bob);
    expect([none.status, (await none.json()).message]).toEqual([404, "This track has no stems"]);
  });
});

describe("the zip", () => {
  test("WAV: each stem's own file under a safe, unique name, in order; one download counted", async () => {
    const before = await downloads();
    const presigned = await call<{ url: string }>(live.server, "POST", "/media/presign", {
      token: bob.token,
      body: { url: zipPath(trackId, "wav") },
    });
    expect(presigned.body.url).toContain("token=");
    // The media token alone: what a download link carries.
    const { path, response } = await downloadZip(live.server, presigned.body.url);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain('filename="Undertow - stems (WAV).zip"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const names = zipNames(path);
    expect(names).toEqual(["01 Bass.wav", "02 Bass.wav", "03 .. .. etc passwd.wav"]);
    const folder = unzip(path);
    const track = (await call<TrackDetails>(live.server, "GET", `/track/${trackId}`, { token: bob.token })).body;
    for (const [index, stem] of track.stems.entries()) {
      const own = await fetch(`${live.server.url}/api/track/${trackId}/stem/${stem.id}.wav`, {
        headers: { authorization: `Bearer ${bob.token}` },
      });
      const zipped = readFileSync(join(folder, names[index] as string));
      expect(Buffer.from(await own.arrayBuffer()).equals(zipped), stem.name).toBe(true);
    }
    expect(await downloads()).toBe(before + 1);
  });

  test("FLAC before conversion is a 409 saying how many are missing; converted, the zip holds FLACs", async () => {
    const early = await ask(trackId, "flac", bob);
    expect([early.status, (await early.json()).message]).toEqual([
      409,
      "The FLAC files of 3 of 3 stems are not ready yet: convert them first",
    ]);
    const track = (await call<TrackDetails>(live.server, "GET", `/track/${trackId}`, { token: bob.token })).body;
    for (const stem of track.stems)
      await call(live.server, "POST", `/track/${trackId}/convert-audio`, {
        token: bob.token,
        body: { type: "stem", stemId: stem.id, format: "flac" },
      });
    let zip = await ask(trackId, "flac", bob);
    for (let attempt = 0; attempt < 300 && zip.status === 409; attempt++) {
      await Bun.sleep(200);
      zip = await ask(trackId, "flac", bob);
    }
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-disposition")).toContain('filename="Undertow - stems (FLAC).zip"');
    const file = join(mkdtempSync(join(tmpdir(), "stemma-stems-")), "stems.zip");
    await Bun.write(file, zip);
    expect(zipNames(file)).toEqual(["01 Bass.flac", "02 Bass.flac", "03 .. .. etc passwd.flac"]);
    unzip(file);
  });
});
