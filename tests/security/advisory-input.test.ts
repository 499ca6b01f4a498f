/**
 * Advisory regressions on user input: ffmpeg argument injection through every user field (Jellyfin
 * GHSA-866x-wj5j-2vf4), mass assignment through every PATCH, and admin routes as a user
 * (Navidrome GHSA-3g4p-jhv2-xrxf, GHSA-wx2c-q8g7-4q5p).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../support/api";
import { setUpServer } from "../support/lifecycle";
import { createTrack, firstLicenseId, waitForProcessing } from "../support/uploads";

const live = setUpServer();
let admin: Session;
let owner: Session;
let other: Session;

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  other = await signUp(live.server);
}, 30_000);

/** What each would do if it reached a shell or ffmpeg's command line as arguments. */
// CANARY becomes a path in the server's DATA_DIR that nothing legitimate creates.
const INJECTIONS = [
  "-y -f lavfi -i sine -t 1 CANARY",
  "$(touch CANARY)",
  "`touch CANARY`",
  "; touch CANARY #",
  "x\n-i\nCANARY",
  "-metadata title=pwned",
  "concat:CANARY|/etc/passwd",
];

interface TrackView {
  id: string;
  title: string;
  primaryArtistName: string;
  description: string;
  genreNames: string[];
  key: string | null;
  processingStatus: string;
  userId: string;
  isPublic: boolean;
  duration: number;
  totalPlays: number;
  totalDownloads: number;
  stems: Array<{ id: string; name: string }>;
}

describe("ffmpeg argument injection", () => {
  test.each(INJECTIONS)(
    "%p through title, artist, description, genres, key, stem name and every file name is stored as text and never runs",
    async (template) => {
      const canary = join(live.server.dataDir, "injected-canary");
      const text = template.replace("CANARY", canary);
      const id = await createTrack(live.server, owner.token, {
        original: ["bad/CON.wav", `${text.replace(/\n/g, " ")}.wav`],
        coverArt: "images/matplotlib-Minduka_Present_Blue_Pack.png",
        stems: [{ path: "bad/CON.wav", name: text.slice(0, 50), type: "bass" }],
        data: {
          title: text.slice(0, 100),
          primaryArtistName: text.slice(0, 100),
          description: text,
          genreNames: [text.slice(0, 30)],
          key: text.slice(0, 20),
          isPublic: true,
        },
      });
      const view = await waitForProcessing<TrackView>(live.server, owner.token, id);
      expect(view.processingStatus).toBe("READY");
      expect(view.title).toBe(text.slice(0, 100).trim());
      expect(view.description).toBe(text.trim());
      for (const format of ["wav", "flac"]) {
        const start = await call(live.server, "POST", `/track/${id}/convert-audio`, {
          token: owner.token,
          body: { type: "full", format },
        });
        expect(start.status).toBe(200);
      }
      const download = await fetch(`${live.server.url}/api/track/${id}/full.mp3?attachment`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).not.toContain("\n");
      await Bun.sleep(300);
      expect(existsSync(canary)).toBe(false);
      expect(live.server.output()).not.toContain("pwned");
    },
    60_000,
  );
});

describe("mass assignment", () => {
  test("PATCH /track/{id} ignores owner, counters, status, ids, fork fields and storage keys", async () => {
    const id = await createTrack(live.server, owner.token, { original: "bad/CON.wav", data: { title: "Mine", isPublic: false } });
    const before = await waitForProcessing<TrackView>(live.server, owner.token, id);
    const sneaky = {
      title: "Edited",
      primaryArtistName: "Artist",
      licenseId: await firstLicenseId(live.server),
      id: "another-id",
      userId: other.user.id,
      user: { username: "someone" },
      totalPlays: 1_000_000,
      totalDownloads: 1_000_000,
      status: "DELETED",
      processingStatus: "FAILED",
      isFork: true,
      forkedFromId: "some-track",
      duration: 1,
      quotaSeconds: 0,
      originalKey: "../../jwt-secret",
      mp3Key: "../../jwt-secret",
      sharedWith: [{ userId: other.user.id }],
      // Own keys (as JSON.parse makes them), not the literal's prototype.
      ...JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "ADMIN"}}}'),
    };
    const res = await call<TrackView>(live.server, "PATCH", `/track/${id}`, { token: owner.token, body: sneaky });
    expect(res.status).toBe(200);
    const after = (await call<TrackView & Record<string, unknown>>(live.server, "GET", `/track/${id}`, { token: owner.token }))
      .body;
    expect(after.title).toBe("Edited");
    for (const field of ["id", "userId", "totalPlays", "totalDownloads", "processingStatus", "duration", "isPublic"] as const)
      expect(after[field]).toEqual(before[field]);
    expect(after.isFork ?? false).toBe(false);
    expect(after.forkedFromId ?? null).toBeNull();
    expect(after.sharedWith).toEqual([]);
    expect((await call(live.server, "GET", `/track/${id}`, { token: other.token })).status).toBe(404);
    expect(
      (await fetch(`${live.server.url}/api/track/${id}/full.mp3`, { headers: { authorization: `Bearer ${owner.token}` } }))
        .status,
    ).toBe(200);
  }, 60_000);

  test("PATCH /track/{id}/visibility changes isPublic only", async () => {
    const id = await createTrack(live.server, owner.token, { original: "bad/CON.wav", data: { title: "Vis", isPublic: false } });
    const before = await waitForProcessing<TrackView>(live.server, owner.token, id);
    const res = await call<TrackView>(live.server, "PATCH", `/track/${id}/visibility`, {
      token: owner.token,
      body: { isPublic: true, userId: other.user.id, totalPlays: 99, status: "DELETED", title: "Changed" },
    });
    expect([200, 400]).toContain(res.status);
    const after = (await call<TrackView>(live.server, "GET", `/track/${id}`, { token: owner.token })).body;
    expect({ ...after, isPublic: before.isPublic }).toEqual(before);
  });

  test("PATCH on feature flags and invite codes changes only the one switch", async () => {
    const flag = (
      await call<Record<string, unknown>>(live.server, "POST", "/admin/feature-flags", {
        token: admin.token,
        body: { name: "mass-flag" },
      })
    ).body;
    const patched = await call<Record<string, unknown>>(live.server, "PATCH", `/admin/feature-flags/${flag.id}`, {
      token: admin.token,
      body: { isEnabled: true, id: "x", name: "renamed", description: "changed" },
    });
    expect([200, 400]).toContain(patched.status);
    const flags = (await call<Array<Record<string, unknown>>>(live.server, "GET", "/admin/feature-flags", { token: admin.token }))
      .body;
    expect(flags.find((item) => item.id === flag.id)).toMatchObject({ name: "mass-flag", description: flag.description });
    const code = (
      await call<Record<string, unknown>>(live.server, "POST", "/admin/invite-codes", {
        token: admin.token,
        body: { maxUses: 1 },
      })
    ).body;
    await call(live.server, "PATCH", `/admin/invite-codes/${code.id}`, {
      token: admin.token,
      body: { isActive: false, code: "FORGED", maxUses: 999, uses: 0, expiresAt: null },
    });
    const codes = (
      await call<{ codes: Array<Record<string, unknown>> }>(live.server, "GET", "/admin/invite-codes", { token: admin.token })
    ).body;
    expect(codes.codes.find((item) => item.id === code.id)).toMatchObject({ code: code.code, maxUses: 1 });
  });
});

describe("admin routes as a user", () => {
  test.each([
    ["GET", "/admin/feature-flags", undefined],
    ["POST", "/admin/feature-flags", { name: "user-made" }],
    ["PATCH", "/admin/feature-flags/any", { isEnabled: true }],
    ["GET", "/admin/invite-codes", undefined],
    ["POST", "/admin/invite-codes", { maxUses: 5 }],
    ["PATCH", "/admin/invite-codes/any", { isActive: true }],
    ["GET", "/tracks/deleted", undefined],
    ["GET", "/tracks/deleted/count", undefined],
  ] as const)("%s %s answers 403 to a user and changes nothing", async (method, path, body) => {
    const before = (await call(live.server, "GET", "/admin/feature-flags", { token: admin.token })).body;
    const res = await call<{ message: string }>(live.server, method, path, { token: other.token, body });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Admin access required");
    expect((await call(live.server, "GET", "/admin/feature-flags", { token: admin.token })).body).toEqual(before);
  });
});
