/**
 * One client process of `npm run test:load`: READERS simulated listeners against the server at URL for
 * SECONDS, each looping over a weighted pick of what a listener fetches, with a think time between requests.
 * Runs in its own process so that the clients' work does not share an event loop with the timings.
 * Reads its plan (JSON) on stdin; prints its measurements (JSON) on stdout when done.
 */
import { seededRandom } from "../../tests/fixtures/generator/synth";

export interface ReaderPlan {
  url: string;
  readers: number;
  seconds: number;
  /** Seconds at the start whose requests are made but not counted: the server's JIT and caches warming. */
  warmUp: number;
  seed: number;
  /** Public tracks to read, most popular first (picks lean to the front, as plays do). */
  trackIds: string[];
  /** The full mix's size in bytes, for Range requests within it. */
  mp3Bytes: number;
  /** A signed-in listener's token, for the lists that need one. */
  token: string;
  /** Cursors of later pages of the public list. */
  cursors: string[];
}

export interface ReaderResult {
  /** Latencies in ms (request sent to body read) per kind of request. */
  latencies: Record<string, number[]>;
  /** "kind status" (or "kind network") → count, for every answer that is not the expected one. */
  errors: Record<string, number>;
}

/** What a listener does, with weights: opening pages, browsing lists, and mostly the player's Range reads. */
const KINDS = [
  { kind: "track page", weight: 20 },
  { kind: "track JSON", weight: 10 },
  { kind: "list public", weight: 12 },
  { kind: "list available", weight: 8 },
  { kind: "cover", weight: 10 },
  { kind: "media Range", weight: 40 },
] as const;
type Kind = (typeof KINDS)[number]["kind"];
const TOTAL_WEIGHT = KINDS.reduce((sum, { weight }) => sum + weight, 0);
const CHUNK = 256 * 1024;

function request(plan: ReaderPlan, kind: Kind, next: () => number): { path: string; init: RequestInit; ok: number } {
  // A popularity curve: a fifth of the reads go to the first 1 % of the catalogue (the cube root of 0.01).
  const id = plan.trackIds[Math.floor(plan.trackIds.length * next() ** 3)] as string;
  const auth = { authorization: `Bearer ${plan.token}` };
  switch (kind) {
    case "track page":
      return { path: `/track/${id}`, init: { headers: { "accept-encoding": "br, gzip" } }, ok: 200 };
    case "track JSON":
      return { path: `/api/track/${id}`, init: {}, ok: 200 };
    case "list public": {
      const cursor = next() < 0.5 ? "" : `&cursor=${plan.cursors[Math.floor(next() * plan.cursors.length)]}`;
      return { path: `/api/tracks/public?limit=20${cursor}`, init: {}, ok: 200 };
    }
    case "list available":
      return { path: "/api/tracks/available?limit=20", init: { headers: auth }, ok: 200 };
    case "cover":
      return { path: `/api/track/${id}/cover?size=card`, init: {}, ok: 200 };
    case "media Range": {
      const start = Math.floor((next() * (plan.mp3Bytes - CHUNK)) / 4096) * 4096;
      return { path: `/api/track/${id}/full.mp3`, init: { headers: { range: `bytes=${start}-${start + CHUNK - 1}` } }, ok: 206 };
    }
  }
}

function pickKind(next: () => number): Kind {
  let roll = next() * TOTAL_WEIGHT;
  for (const { kind, weight } of KINDS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "media Range";
}

function record(result: ReaderResult, kind: string, ms: number) {
  const latencies = result.latencies[kind] ?? [];
  latencies.push(ms);
  result.latencies[kind] = latencies;
}

const countError = (result: ReaderResult, key: string) => {
  result.errors[key] = (result.errors[key] ?? 0) + 1;
};

async function reader(plan: ReaderPlan, index: number, result: ReaderResult): Promise<void> {
  const countFrom = Date.now() + plan.warmUp * 1000;
  const until = countFrom + plan.seconds * 1000;
  const next = seededRandom(plan.seed * 1000 + index);
  // Readers arrive over the first two seconds rather than all in the same millisecond.
  await Bun.sleep(next() * 2000);
  while (Date.now() < until) {
    const kind = pickKind(next);
    const { path, init, ok } = request(plan, kind, next);
    const counted = Date.now() >= countFrom;
    const started = performance.now();
    try {
      const response = await fetch(`${plan.url}${path}`, init);
      await response.arrayBuffer();
      if (counted) record(result, kind, performance.now() - started);
      if (response.status !== ok) countError(result, `${kind} ${response.status}`);
    } catch {
      countError(result, `${kind} network`);
    }
    // A listener's think time: 1–3 s between requests (500 of them make about 250 requests a second).
    await Bun.sleep(1000 + next() * 2000);
  }
}

if (import.meta.main) {
  const plan = (await new Response(Bun.stdin.stream()).json()) as ReaderPlan;
  const result: ReaderResult = { latencies: {}, errors: {} };
  await Promise.all(Array.from({ length: plan.readers }, (_, index) => reader(plan, index, result)));
  process.stdout.write(JSON.stringify(result));
}
