/**
 * The checks every fault run ends with, read straight from DATA_DIR (stemma.db opened read-only, and the
 * media and staging folders), so they hold whatever the API says:
 * - no job is stuck: no live track or stem PENDING, no conversion IN_PROGRESS; FAILED ones carry a reason;
 * - rows and files agree: every file a live row names exists with the size the row records, and each
 *   acknowledged upload's stored original has the checksum of the bytes that were sent;
 * - no orphan file: every file under media/ is named by a row (no `.tmp-` leftovers, no cover sources);
 * - quota: each track's charge is its original's length plus its stems', so each user's charged quota
 *   (the sum of their active tracks' charges) equals the sum of their tracks;
 * - fork counts match the fork rows, and the staging folder is empty.
 */
import { Database } from "bun:sqlite";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** What the run knows from the outside: the acknowledged uploads and the checksum of what each sent. */
export interface Acknowledged {
  /** Track id → sha256 (hex) of the original that its 201 acknowledged. */
  originals: Map<string, string>;
}

export const newAcknowledged = (): Acknowledged => ({ originals: new Map() });

export const sha256 = (bytes: Uint8Array | ArrayBuffer) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

const COVER_SIZES = ["card", "page", "page2x"];

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

function walk(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function readRows(dataDir: string) {
  const db = new Database(join(dataDir, "stemma.db"), { readonly: true });
  try {
    return {
      tracks: db.query("select * from tracks").all() as TrackRow[],
      stems: db.query("select * from stems").all() as StemRow[],
      conversions: db.query("select * from conversions").all() as ConversionRow[],
    };
  } finally {
    db.close();
  }
}

/** One track's row as stored (for checks of a scenario's own). */
export function trackRow(dataDir: string, id: string): TrackRow | undefined {
  return readRows(dataDir).tracks.find((track) => track.id === id);
}

/** Whether any job is still under way (a live track or stem PENDING, a conversion IN_PROGRESS). */
export function busyRows(dataDir: string): string[] {
  const { tracks, stems, conversions } = readRows(dataDir);
  const live = new Set(tracks.filter((track) => track.status !== "DELETED").map((track) => track.id));
  return [
    ...tracks.filter((t) => live.has(t.id) && t.processing_status === "PENDING").map((t) => `track ${t.id} PENDING`),
    ...stems.filter((s) => live.has(s.track_id) && s.processing_status === "PENDING").map((s) => `stem ${s.id} PENDING`),
    ...conversions.filter((c) => c.status === "IN_PROGRESS").map((c) => `conversion ${c.id} IN_PROGRESS`),
  ];
}

/** Every broken invariant, in words; empty when the data is whole. */
export async function brokenInvariants(dataDir: string, acknowledged: Acknowledged = newAcknowledged()): Promise<string[]> {
  const { tracks, stems, conversions } = readRows(dataDir);
  const problems = busyRows(dataDir).map((what) => `stuck: ${what}`);
  const media = join(dataDir, "media");
  const live = tracks.filter((track) => track.status !== "DELETED");
  const liveIds = new Set(live.map((track) => track.id));
  const liveStems = stems.filter((stem) => liveIds.has(stem.track_id));
  const named = new Set<string>();

  const expectFile = (key: string | null, size: number, required: boolean, owner: string) => {
    if (!key) return;
    named.add(key);
    const path = join(media, key);
    if (!existsSync(path)) {
      if (required) problems.push(`${owner}: names ${key}, which is missing`);
    } else if (size > 0 && statSync(path).size !== size) {
      problems.push(`${owner}: ${key} holds ${statSync(path).size} bytes, the row says ${size}`);
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
    const charge = (track.duration ?? 0) + own.reduce((sum, stem) => sum + (stem.duration ?? 0), 0);
    if (Math.abs(track.total_quota_seconds - charge) > 0.01)
      problems.push(`track ${track.id}: charged ${track.total_quota_seconds} s, holds ${charge} s`);
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
      const path = join(media, track.original_key);
      if (!existsSync(path)) problems.push(`acknowledged upload ${id}: original missing`);
      else if (sha256(await Bun.file(path).bytes()) !== checksum) problems.push(`acknowledged upload ${id}: checksum differs`);
    }
  }

  for (const key of walk(media)) if (!named.has(key)) problems.push(`orphan file ${key}`);
  const staging = walk(join(dataDir, "staging"));
  if (staging.length) problems.push(`staging left over: ${staging.join(", ")}`);
  return problems;
}

/** Polls until no job is under way (or `timeoutMs` passes: then the stuck ones are reported by the check). */
export async function waitSettled(dataDir: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (busyRows(dataDir).length > 0 && Date.now() < deadline) await Bun.sleep(100);
}

/** Waits for every job to settle, then throws with the list of broken invariants, if any. */
export async function expectInvariants(dataDir: string, acknowledged?: Acknowledged): Promise<void> {
  await waitSettled(dataDir);
  // A request's staging folder goes just after its answer: give it a moment before calling it left over.
  let problems = await brokenInvariants(dataDir, acknowledged);
  for (let retry = 0; retry < 20 && problems.length > 0; retry++) {
    await Bun.sleep(100);
    problems = await brokenInvariants(dataDir, acknowledged);
  }
  if (problems.length) throw new Error(`invariants broken:\n${problems.join("\n")}`);
}
