/**
 * Helpers of the backup tests: `npm run backup` and `npm run restore` run as an operator runs them, and a
 * filled embedded install to back up while it serves.
 */
import { expect } from "bun:test";
import { call, type Session, signUp } from "./api";
import { runScript } from "./run-script";
import type { TestServer } from "./server";
import { uploadTrack } from "./test-tracks";

const STEMS = "stems/Nova Drift - Undertow";

/** The settings of an embedded install (SQLite, local files), whatever the suite's mode. */
export const EMBEDDED = {
  DATABASE_URL: "",
  S3_BUCKET: "",
  S3_ENDPOINT: "",
  S3_REGION: "",
  S3_ACCESS_KEY_ID: "",
  S3_SECRET_ACCESS_KEY: "",
};

/** Runs `npm run backup` or `npm run restore` (`name`) on an embedded install, with `env` over it. */
export const runBackupScript = (name: "backup" | "restore", args: string[], env: Record<string, string>, killWhen?: RegExp) =>
  runScript(name, args, { ...EMBEDDED, JWT_SECRET: "", ...env }, killWhen);

export interface FilledLibrary {
  admin: Session;
  owner: Session;
  friend: Session;
  trackId: string;
  forkId: string;
  deletedId: string;
}

/**
 * Fills a running server: a public track with two stems and a cover (processed by ffmpeg), a fork (which notifies
 * the owner), a share, a FLAC conversion and a deleted track (pending deletion).
 */
export async function fillLibrary(server: TestServer): Promise<FilledLibrary> {
  const admin = await signUp(server);
  const owner = await signUp(server);
  const friend = await signUp(server);
  const track = await uploadTrack(server, owner, {
    title: "Undertow Café",
    original: `${STEMS} (full mix).wav`,
    originalFormat: "wav",
    cover: "images/matplotlib-grace_hopper.jpg",
    stems: [
      { path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" },
      { path: `${STEMS} - drums.wav`, name: "Drums", type: "drums" },
    ],
  });
  const fork = await call<{ id: string }>(server, "POST", `/track/${track.id}/fork`, {
    token: friend.token,
    body: { title: "My Fork" },
  });
  expect(fork.status).toBe(201);
  const hidden = await uploadTrack(server, owner, {
    title: "Shared",
    original: "real-audio/audio-lena.flac",
    originalFormat: "flac",
    isPublic: false,
  });
  const shared = await call(server, "POST", `/track/${hidden.id}/share`, {
    token: owner.token,
    body: { userIds: [friend.user.id] },
  });
  expect(shared.status).toBe(200);
  const doomed = await uploadTrack(server, owner, {
    title: "Doomed",
    original: "real-audio/hydrogen-808_Kick_Long.flac",
    originalFormat: "flac",
  });
  expect((await call(server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [doomed.id] } })).status).toBe(200);
  await call(server, "POST", `/track/${track.id}/convert-audio`, { token: owner.token, body: { type: "full", format: "flac" } });
  for (let status = ""; status !== "COMPLETED"; await Bun.sleep(100)) {
    const res = await call<{ data: { conversionStatus: string } }>(
      server,
      "GET",
      `/track/${track.id}/audio-conversion-status?format=flac`,
      { token: owner.token },
    );
    status = res.body.data.conversionStatus;
    expect(status).not.toBe("FAILED");
  }
  return { admin, owner, friend, trackId: track.id, forkId: fork.body.id, deletedId: doomed.id };
}
