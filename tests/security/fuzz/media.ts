/**
 * Hostile media: uploads of the bad corpus and of seeded mutations of real files. Each upload must end
 * as a clear 4xx with a message or as a processed track (READY, or FAILED with a reason), never a 5xx
 * or a job left running; afterwards tests/support/invariants.ts checks rows, files, staging and quota.
 */
import { readdirSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { seededRandom } from "../../fixtures/generator/synth";
import type { Session } from "../../support/api";
import type { TestServer } from "../../support/server";
import { CORPUS, upload, waitProcessed } from "../../support/uploads";

/** Real files of each format, small enough to upload thousands of mutations of. */
export const MUTATION_SOURCES = [
  "bad/CON.wav",
  "real-audio/sound-icons-electric-piano-3-16k.wav",
  "real-audio/hydrogen-808_Kick_Long.flac",
  "real-modules/high-score.mod",
  "real-modules/dali.xm",
  "real-modules/gd-ite.it",
  "real-modules/ritam.s3m",
];

export const badCorpus = () => readdirSync(join(CORPUS, "bad")).map((name) => join(CORPUS, "bad", name));

/**
 * One mutated copy: flipped bytes, a truncation, a repeated or zeroed span, header fields set to extremes,
 * or another format's header spliced over this one's (`donors`: the other sources).
 */
export function mutate(bytes: Uint8Array, seed: number, donors: Uint8Array[] = []): Uint8Array {
  const next = seededRandom(seed);
  const at = (limit: number) => Math.floor(next() * limit);
  const copy = new Uint8Array(bytes);
  const donor = donors[at(donors.length)];
  switch (at(donor ? 6 : 5)) {
    case 0:
      for (let flips = 1 + at(20); flips > 0; flips--) copy[at(copy.length)] = at(256);
      return copy;
    case 1:
      return copy.slice(0, at(copy.length));
    case 2: {
      const start = at(copy.length);
      const span = copy.slice(start, start + at(4096));
      const joined = new Uint8Array(copy.length + span.length * 4);
      joined.set(copy.slice(0, start));
      for (let repeat = 0; repeat < 4; repeat++) joined.set(span, start + repeat * span.length);
      joined.set(copy.slice(start), start + span.length * 4);
      return joined;
    }
    case 3: {
      const start = at(copy.length);
      copy.fill(0, start, start + at(2048));
      return copy;
    }
    case 5: {
      // A WAV header over a module, a FLAC one over a WAV: each parser meets the other's body.
      const header = (donor as Uint8Array).slice(0, 16 + at(496));
      copy.set(header.slice(0, copy.length));
      return copy;
    }
    default:
      // The first 64 bytes hold sizes, rates and counts in every format we take.
      for (let field = 0; field < 4; field++) copy.fill(next() < 0.5 ? 0xff : 0x00, at(64), at(64) + 4);
      return copy;
  }
}

const ACCEPTED_REFUSALS = [400, 413, 415, 422];

/** Uploads one file; throws when the outcome breaks the rules. */
export async function uploadHostile(server: TestServer, session: Session, path: string, name = basename(path)): Promise<string> {
  const res = await upload(server, session, { original: [path, name], data: { title: name.slice(0, 100) || "fuzz" } });
  if (res.status === 201) {
    const track = await waitProcessed(server, session, res.body.id, 120_000);
    if (track.processingStatus === "FAILED" && !track.processingError) throw new Error(`${name}: FAILED without a reason`);
    return track.processingStatus;
  }
  if (!ACCEPTED_REFUSALS.includes(res.status)) throw new Error(`${name}: answered ${res.status} ${JSON.stringify(res.body)}`);
  if (!res.body.message) throw new Error(`${name}: refused ${res.status} without a message`);
  return String(res.status);
}

/** Names a mutant may be uploaded under instead of its own extension: other formats', and none. */
const WRONG_EXTENSIONS = [".wav", ".flac", ".mp3", ".ogg", ".mod", ".xm", ".it", ".s3m", ".png", ".txt", ""];

/**
 * Writes `count` mutated copies (seeded) of `sources` under `dir` and uploads each, `parallel` at a time;
 * one in five goes under a wrong extension. Returns outcome counts (status, READY or FAILED).
 */
export async function fuzzMedia(
  server: TestServer,
  session: Session,
  dir: string,
  {
    count,
    seed,
    sources: paths = MUTATION_SOURCES,
    parallel = 1,
  }: { count: number; seed: number; sources?: string[]; parallel?: number },
) {
  const outcomes = new Map<string, number>();
  const read = (path: string) => Bun.file(join(CORPUS, path)).bytes();
  const sources = await Promise.all(paths.map(read));
  // Headers to splice come from every format, whichever sources this run mutates.
  const headers = await Promise.all(MUTATION_SOURCES.map(read));
  let nextIndex = 0;
  const worker = async () => {
    for (let index = nextIndex++; index < count; index = nextIndex++) {
      const source = index % paths.length;
      const next = seededRandom(seed + index + 0x5eed);
      const extension =
        next() < 0.2
          ? (WRONG_EXTENSIONS[Math.floor(next() * WRONG_EXTENSIONS.length)] as string)
          : extname(paths[source] as string);
      const path = join(dir, `mutant-${index}${extension}`);
      const donors = headers.filter((_, donor) => MUTATION_SOURCES[donor] !== paths[source]);
      await Bun.write(path, mutate(sources[source] as Uint8Array, seed + index, donors));
      const outcome = await uploadHostile(server, session, path);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return outcomes;
}
