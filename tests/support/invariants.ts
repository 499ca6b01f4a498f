/**
 * What must hold on a server's data after anything (a crash, hostile uploads, a soak): the one check
 * ending the fault runs, the hostile-media tests, `npm run fuzz` and `npm run test:load`. Read straight
 * from the server's database (its SQLite file or PostgreSQL database), its stored media (DATA_DIR/media
 * or a cluster's bucket) and its staging folders (a cluster's: every instance's and worker's), so they
 * hold whatever the API says:
 * - no job is stuck: no live track or stem PENDING, no conversion IN_PROGRESS; FAILED ones carry a reason;
 * - rows and files agree: every file a live row names exists with the size the row records, and each
 *   acknowledged upload's stored original has the checksum of the bytes that were sent;
 * - no orphan file: every file under media/ is named by a row (no writes left in `.partial/`, no cover sources);
 * - quota: each track's charge is the audio it stores itself (modules/studio/charges.ts): an upload's full track and
 *   stems; a fork's own stems, plus its own full track's length or nothing (a mix made again after a stem removal
 *   keeps the charge the full track had), never the files it shares;
 * - fork counts match the fork rows, and every staging folder is empty;
 * - through the API, for the `sessions` given: each READY track's MP3 is served, and each user's quota
 *   as /storage/quota reports it is the sum of their active tracks' charges.
 */
import { call, type Session } from "./api";
import { runSql } from "./database-rows";
import type { TestServer } from "./server";
import { stagedFiles, storedBytes, storedSizes } from "./stored-files";

/** What the run knows from the outside: the acknowledged uploads and the checksum of what each sent. */
export interface Acknowledged {
  /** Track id → sha256 (hex) of the original that its 201 acknowledged. */
  originals: Map<string, string>;
}

export const newAcknowledged = (): Acknowledged => ({ originals: new Map() });

export const sha256 = (bytes: Uint8Array | ArrayBuffer) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

const COVER_SIZES = ["thumb", "card", "page", "page2x"];

type TrackRow = {
  id: string;
  user_id: string;
  status: string;
  processing_status: string;
  processing_error: string | null;
  duration: number | null;
  total_quota_seconds: number;
  original_key: string;
  original_size_bytes: number;
  mp3_key: string | null;
  mp3_size_bytes: number;
  cover_art_key: string | null;
  fork_count: number;
  forked_from_id: string | null;
};
type StemRow = {
  id: string;
  track_id: string;
  file_key: string;
  size_bytes: number;
  mp3_key: string | null;
  mp3_size_bytes: number;
  duration: number | null;
  processing_status: string;
  processing_error: string | null;
};
type ConversionRow = { id: string; status: string; file_key: string | null; size_bytes: number; error: string | null };

type Rows = { tracks: TrackRow[]; stems: StemRow[]; conversions: ConversionRow[] };

async function readRows(server: TestServer): Promise<Rows> {
  // PostgreSQL answers bigint columns as strings: sizes and charges are compared as numbers.
  const numbers = <T>(rows: T[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row as object).map(([k, v]) => [k, typeof v === "string" && /_(bytes|seconds)$/.test(k) ? Number(v) : v]),
      ),
    ) as T[];
  return {
    tracks: numbers(await runSql<TrackRow>(server, "select * from tracks")),
    stems: numbers(await runSql<StemRow>(server, "select * from stems")),
    conversions: numbers(await runSql<ConversionRow>(server, "select * from conversions")),
  };
}

/** One track's row as stored (for checks of a scenario's own). */
export async function trackRow(server: TestServer, id: string): Promise<TrackRow | undefined> {
  return (await readRows(server)).tracks.find((track) => track.id === id);
}

/** Whether any job is still under way (a live track or stem PENDING, a conversion IN_PROGRESS). */
function busyRows({ tracks, stems, conversions }: Rows): string[] {
  const live = new Set(tracks.filter((track) => track.status !== "DELETED").map((track) => track.id));
  return [
    ...tracks.filter((t) => live.has(t.id) && t.processing_status === "PENDING").map((t) => `track ${t.id} PENDING`),
    ...stems.filter((s) => live.has(s.track_id) && s.processing_status === "PENDING").map((s) => `stem ${s.id} PENDING`),
    ...conversions.filter((c) => c.status === "IN_PROGRESS").map((c) => `conversion ${c.id} IN_PROGRESS`),
  ];
}

/** What the check is told besides the server: the acknowledged uploads, and the users to check through the API. */
export interface Expected {
  acknowledged?: Acknowledged;
  sessions?: Session[];
}

/** Every broken invariant, in words; empty when the data is whole. */
async function brokenInvariants(server: TestServer, { acknowledged = newAcknowledged(), sessions = [] }: Expected) {
  const rows = await readRows(server);
  const { tracks, stems, conversions } = rows;
  const problems = busyRows(rows).map((what) => `stuck: ${what}`);
  const stored = await storedSizes(server);
  const live = tracks.filter((track) => track.status !== "DELETED");
  const liveIds = new Set(live.map((track) => track.id));
  const liveStems = stems.filter((stem) => liveIds.has(stem.track_id));
  const named = new Set<string>();

  const expectFile = (key: string | null, size: number, required: boolean, owner: string) => {
    if (!key) return;
    named.add(key);
    const holds = stored.get(key);
    if (holds === undefined) {
      if (required) problems.push(`${owner}: names ${key}, which is missing`);
    } else if (size > 0 && holds !== size) {
      problems.push(`${owner}: ${key} holds ${holds} bytes, the row says ${size}`);
    }
  };

  for (const track of live) {
    const ready = track.processing_status === "READY";
    if (track.processing_status === "FAILED" && !track.processing_error)
      problems.push(`track ${track.id}: FAILED without a reason`);
    expectFile(track.original_key, track.original_size_bytes, ready, `track ${track.id}`);
    expectFile(track.mp3_key, track.mp3_size_bytes, ready, `track ${track.id}`);
    const cover = track.cover_art_key;
    if (cover)
      for (const size of COVER_SIZES)
        expectFile(cover.replace(/cover-[a-z0-9]+\.webp$/, `cover-${size}.webp`), 0, ready, `track ${track.id}`);
    const own = liveStems.filter((stem) => stem.track_id === track.id);
    const storedHere = (key: string) => key.startsWith(`tracks/${track.id}/`);
    const ownStems = own.filter((stem) => storedHere(stem.file_key)).reduce((sum, stem) => sum + (stem.duration ?? 0), 0);
    const length = track.duration ?? 0;
    const fullTrackCharges = !track.forked_from_id ? [length] : storedHere(track.original_key) ? [0, length] : [0];
    if (!fullTrackCharges.some((fullTrack) => Math.abs(track.total_quota_seconds - (ownStems + fullTrack)) <= 0.01))
      problems.push(`track ${track.id}: charged ${track.total_quota_seconds} s, holds ${ownStems} s of stems and ${length} s`);
    const forks = tracks.filter((other) => other.forked_from_id === track.id).length;
    if (forks !== track.fork_count) problems.push(`track ${track.id}: fork_count ${track.fork_count}, ${forks} fork rows`);
  }
  for (const stem of liveStems) {
    if (stem.processing_status === "FAILED" && !stem.processing_error) problems.push(`stem ${stem.id}: FAILED without a reason`);
    const ready = stem.processing_status === "READY";
    expectFile(stem.file_key, stem.size_bytes, ready, `stem ${stem.id}`);
    expectFile(stem.mp3_key, stem.mp3_size_bytes, ready, `stem ${stem.id}`);
  }
  for (const conversion of conversions) {
    if (conversion.status === "FAILED" && !conversion.error)
      problems.push(`conversion ${conversion.id}: FAILED without a reason`);
    expectFile(conversion.file_key, conversion.size_bytes, conversion.status === "COMPLETED", `conversion ${conversion.id}`);
  }

  for (const [id, checksum] of acknowledged.originals) {
    const track = tracks.find((row) => row.id === id);
    if (!track) problems.push(`acknowledged upload ${id}: no row`);
    else if (track.status !== "DELETED") {
      const bytes = await storedBytes(server, track.original_key);
      if (!bytes) problems.push(`acknowledged upload ${id}: original missing`);
      else if (sha256(bytes) !== checksum) problems.push(`acknowledged upload ${id}: checksum differs`);
    }
  }

  for (const key of stored.keys()) if (!named.has(key)) problems.push(`orphan file ${key}`);
  const staging = stagedFiles(server);
  if (staging.length) problems.push(`staging left over: ${staging.join(", ")}`);
  for (const session of sessions) problems.push(...(await brokenThroughApi(server, session, live)));
  return { problems, tracks: live.filter((track) => sessions.some((s) => s.user.id === track.user_id)).length };
}

/** The user's READY tracks' MP3s are served, and the quota the API reports is their active tracks' charges. */
async function brokenThroughApi(server: TestServer, session: Session, live: TrackRow[]): Promise<string[]> {
  const problems: string[] = [];
  const own = live.filter((track) => track.user_id === session.user.id);
  for (const track of own.filter((row) => row.status === "ACTIVE" && row.processing_status === "READY")) {
    const response = await fetch(`${server.url}/api/track/${track.id}/full.mp3`, {
      headers: { authorization: `Bearer ${session.token}`, range: "bytes=0-0" },
    });
    await response.arrayBuffer();
    if (response.status !== 206) problems.push(`track ${track.id} is READY but its MP3 answers ${response.status}`);
  }
  const charged = own.filter((row) => row.status === "ACTIVE").reduce((sum, row) => sum + row.total_quota_seconds, 0);
  const quota = await call<{ currentUsedQuotaSeconds: number }>(server, "GET", "/storage/quota", { token: session.token });
  if (Math.abs(quota.body.currentUsedQuotaSeconds - charged) > 0.01 * Math.max(1, own.length))
    problems.push(
      `${session.user.username}: quota ${quota.body.currentUsedQuotaSeconds} s reported, tracks charged ${charged} s`,
    );
  return problems;
}

/** Polls until no job is under way (or `timeoutMs` passes: then the stuck ones are reported by the check). */
async function waitSettled(server: TestServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (busyRows(await readRows(server)).length > 0 && Date.now() < deadline) await Bun.sleep(100);
}

/**
 * Waits for every job to settle, then throws with the list of broken invariants, if any. Answers how
 * many live tracks the `sessions`' users hold.
 */
export async function expectInvariants(server: TestServer, expected: Expected = {}): Promise<{ tracks: number }> {
  await waitSettled(server);
  // A request's staging folder goes just after its answer: give it a moment before calling it left over.
  let found = await brokenInvariants(server, expected);
  for (let retry = 0; retry < 20 && found.problems.length > 0; retry++) {
    await Bun.sleep(100);
    found = await brokenInvariants(server, expected);
  }
  if (found.problems.length) throw new Error(`invariants broken:\n${found.problems.join("\n")}`);
  return { tracks: found.tracks };
}
