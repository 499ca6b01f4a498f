/**
 * The uploaders of `npm run test:load`: each a user who, until the time is up, uploads real media through
 * POST /api/track (WAV, FLAC, a tracker module, a track with stems) or forks another uploader's track, and
 * waits for it to be processed before the next, as a person at the upload form does.
 */
import { call, type Session } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";
import { createTrack, type UploadOptions, waitProcessed } from "../../tests/support/uploads";

const UPLOADS: Array<[string, UploadOptions]> = [
  ["WAV", { original: "real-audio/alsa-Front_Center.wav" }],
  ["FLAC", { original: "real-audio/audio-lena.flac" }],
  ["module", { original: "real-modules/dali.xm" }],
  [
    "stems",
    {
      original: "bad/CON.wav",
      stems: [
        { path: "bad/CON.wav", name: "Bass", type: "bass" },
        { path: "bad/CON.wav", name: "Drums", type: "drums" },
      ],
    },
  ],
];

export interface UploadTally {
  /** kind → seconds from the request to the processed track, one per upload. */
  processedIn: Record<string, number[]>;
  /** Anything but a 201 and a READY track, described. */
  failures: string[];
}

/** The public READY tracks so far, with their owners: what the other uploaders fork. */
const forkable: Array<{ id: string; ownerId: string }> = [];

async function uploadOne(server: TestServer, session: Session, round: number): Promise<[string, string]> {
  const rotation = round % (UPLOADS.length + 1);
  // One cannot fork one's own track: take the latest of someone else's.
  const source = forkable.findLast(({ ownerId }) => ownerId !== session.user.id)?.id;
  if (rotation === UPLOADS.length && source) {
    const res = await call<{ id: string }>(server, "POST", `/track/${source}/fork`, {
      token: session.token,
      body: { title: `Fork ${round}`, isPublic: true },
    });
    if (res.status !== 201) throw new Error(`fork: ${res.status} ${JSON.stringify(res.body)}`);
    return ["fork", res.body.id];
  }
  const [kind, options] = UPLOADS[rotation % UPLOADS.length] as [string, UploadOptions];
  const data = { title: `${kind} ${round}`, isPublic: true };
  return [kind, await createTrack(server, session.token, { ...options, data })];
}

/**
 * One uploader's loop until `until` (ms epoch); the upload in flight then is finished, never cut off.
 * Uploader `index` starts its rotation at `index`, so every kind is under way from the first minute.
 */
export async function uploader(
  server: TestServer,
  session: Session,
  index: number,
  until: number,
  tally: UploadTally,
): Promise<void> {
  for (let round = index; Date.now() < until; round++) {
    const started = performance.now();
    try {
      const [kind, id] = await uploadOne(server, session, round);
      // The upload page polls the track every 3 s (SPEC §9).
      const track = await waitProcessed(server, session, id, 180_000, 3000);
      if (track.processingStatus !== "READY") tally.failures.push(`${kind} ${id}: ${track.processingError}`);
      else forkable.push({ id, ownerId: session.user.id });
      const times = tally.processedIn[kind] ?? [];
      times.push((performance.now() - started) / 1000);
      tally.processedIn[kind] = times;
    } catch (error) {
      tally.failures.push(error instanceof Error ? error.message : String(error));
    }
  }
}
