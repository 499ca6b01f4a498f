/**
 * What must hold on a server's data after anything (hostile uploads, a crash, a soak): shared by the
 * hostile-media tests, `npm run fuzz`, `npm run test:faults` and `npm run test:load`.
 * - no job stuck: every track of the users has settled (READY, or FAILED with a reason);
 * - rows and files agree: every track folder in the store belongs to a track of one of the users, and
 *   every READY track's MP3 is served;
 * - no scratch file is left in staging;
 * - each user's charged quota equals the sum of their tracks' lengths (originals and stems).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TrackPage } from "../../modules/lists/model";
import type { TrackDetails } from "../../modules/tracks/model";
import { call, type Session } from "./api";
import type { TestServer } from "./server";

/** Every track of `session` (its own list, deleted ones aside), read whole: lists leave the stems out. */
async function tracksOf(server: TestServer, session: Session): Promise<TrackDetails[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page = await call<TrackPage>(server, "GET", `/tracks?limit=100${query}`, { token: session.token });
    if (page.status !== 200) throw new Error(`GET /tracks: ${page.status} ${JSON.stringify(page.body)}`);
    ids.push(...page.body.items.map((track) => track.id));
    cursor = page.body.metadata.nextCursor;
  } while (cursor);
  const tracks: TrackDetails[] = [];
  for (const id of ids) tracks.push((await call<TrackDetails>(server, "GET", `/track/${id}`, { token: session.token })).body);
  return tracks;
}

/**
 * Throws, naming what is wrong, unless the invariants above hold for the tracks of `sessions` (the only
 * users who uploaded). `idleSince`: scratch files younger than this belong to jobs still running (a
 * conversion resumed at boot) and are allowed.
 */
export async function expectConsistent(
  server: TestServer,
  sessions: Session | Session[],
  idleSince = Date.now(),
): Promise<{ tracks: number }> {
  const known = new Set<string>();
  for (const session of Array.isArray(sessions) ? sessions : [sessions]) {
    const tracks = await tracksOf(server, session);
    let charged = 0;
    for (const track of tracks) {
      known.add(track.id);
      if (track.processingStatus === "PENDING") throw new Error(`track ${track.id} is still processing: a stuck job`);
      if (track.processingStatus === "FAILED" && !track.processingError)
        throw new Error(`track ${track.id} FAILED without a reason`);
      if (track.processingStatus === "READY") await expectServed(server, session, track.id);
      charged += (track.duration ?? 0) + track.stems.reduce((sum, stem) => sum + (stem.duration ?? 0), 0);
    }
    const quota = await call<{ currentUsedQuotaSeconds: number }>(server, "GET", "/storage/quota", { token: session.token });
    if (Math.abs(quota.body.currentUsedQuotaSeconds - charged) > 0.01 * Math.max(1, tracks.length))
      throw new Error(
        `${session.user.username}: quota ${quota.body.currentUsedQuotaSeconds} s charged, tracks hold ${charged} s`,
      );
  }
  const root = join(server.dataDir, "media", "tracks");
  const folders = (existsSync(root) ? readdirSync(root, { withFileTypes: true }) : []).filter((entry) => entry.isDirectory());
  const orphans = folders.map((entry) => entry.name).filter((id) => !known.has(id));
  if (orphans.length) throw new Error(`orphan track folders: ${orphans.join(", ")}`);
  const staging = readdirSync(join(server.dataDir, "staging")).filter(
    (name) => statSync(join(server.dataDir, "staging", name)).mtimeMs < idleSince,
  );
  if (staging.length) throw new Error(`staging left over: ${staging.join(", ")}`);
  return { tracks: known.size };
}

/** The first byte of the track's MP3: its row names a file that is there. */
async function expectServed(server: TestServer, session: Session, id: string): Promise<void> {
  const response = await fetch(`${server.url}/api/track/${id}/full.mp3`, {
    headers: { authorization: `Bearer ${session.token}`, range: "bytes=0-0" },
  });
  await response.arrayBuffer();
  if (response.status !== 206) throw new Error(`track ${id} is READY but its MP3 answers ${response.status}`);
}
