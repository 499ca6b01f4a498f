/**
 * The four kinds of work a kill -9 lands in (crash-runs.ts): uploads, forks, fork-studio stem edits
 * (add, edit with a file, remove: a `track.regenerate` job, replace the audio) and WAV/FLAC conversions.
 */
import { test } from "bun:test";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TrackDetails } from "../../modules/tracks/model";
import { call } from "../support/api";
import { generateAudio } from "../support/generated-audio";
import { trackRow } from "../support/invariants";
import { STEMS, stemPath, studioForm } from "../support/studio";
import { waitForProcessing } from "../support/uploads";
import { acknowledgedUpload, type CrashScenario, crashRuns, cutOff, type FaultWorld } from "./crash-runs";

/**
 * Short WAVs made here (5 s tones of one exact length at 22,050 Hz), so the studio's checks, mixes and
 * MP3s take a fraction of the corpus stems' 60 s of work per run.
 */
const SHORT_PARTS = { mix: 220, bass: 55, drums: 110, synth: 440, vocals: 880 } as const;
let shortFolder = "";
function shortPart(part: keyof typeof SHORT_PARTS): string {
  shortFolder ||= mkdtempSync(join(tmpdir(), "stemma-fault-audio-"));
  const path = join(shortFolder, `${part}.wav`);
  const source = `sine=frequency=${SHORT_PARTS[part]}:sample_rate=22050:duration=5`;
  if (!existsSync(path)) writeFileSync(path, generateAudio(source, ["-ac", "1", "-c:a", "pcm_s16le", "-f", "wav"]));
  return path;
}

const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)] as T;

/** A small WAV with a cover and a stem, a FLAC and a module: every path of the upload and its job. */
const UPLOADS = [
  {
    original: "bad/CON.wav",
    coverArt: "images/matplotlib-Minduka_Present_Blue_Pack.png",
    stems: [{ path: "bad/CON.wav", name: "Bass", type: "bass" }],
  },
  { original: "real-audio/hydrogen-808_Kick_Long.flac" },
  { original: "real-modules/dali.xm" },
];

export const uploadsScenario: CrashScenario = {
  name: "uploads",
  windowMs: 1500,
  act: async (world, _random, run) => {
    await Promise.all(
      UPLOADS.map((options) => cutOff(acknowledgedUpload(world, world.owner, { ...options, data: { title: `run ${run}` } }))),
    );
  },
};

/** Two processed tracks of the owner (one with stems) that the other user forks again and again. */
let forkable: string[] = [];

export const forksScenario: CrashScenario = {
  name: "forks",
  windowMs: 400,
  setUp: async (world) => {
    forkable = [];
    for (const options of [
      { original: `${STEMS} (full mix).wav`, stems: [{ path: stemPath("bass"), name: "Bass", type: "bass" }] },
      UPLOADS[1],
    ]) {
      const id = await acknowledgedUpload(world, world.owner, options as never);
      await waitForProcessing(world.server, world.owner.token, id);
      forkable.push(id);
    }
  },
  act: async (world, random) => {
    for (let fork = 0; fork < 6; fork++) {
      const res = await call(world.server, "POST", `/track/${pick(forkable, random)}/fork`, {
        token: world.other.token,
        body: { title: `fork ${fork}`, isPublic: random() < 0.5 },
      }).catch(() => null);
      if (!res) return;
      if (res.status !== 201) throw new Error(`fork answered ${res.status} ${JSON.stringify(res.body)}`);
    }
  },
};

/** The fork the studio scenario edits, and whether its last acknowledged change was a stem removal. */
let studio = { forkId: "", stems: [] as TrackDetails["stems"], keyBefore: "", removedFrom: null as string | null };

async function forkDetails(world: FaultWorld): Promise<TrackDetails> {
  return (await call<TrackDetails>(world.server, "GET", `/track/${studio.forkId}`, { token: world.other.token })).body;
}

type StudioChange = "add" | "edit" | "remove" | "audio";

export const stemEditsScenario: CrashScenario = {
  name: "stem edits",
  windowMs: 2500,
  setUp: async (world) => {
    const id = await acknowledgedUpload(world, world.owner, {
      original: shortPart("mix"),
      stems: (["bass", "drums"] as const).map((part) => ({ path: shortPart(part), name: part, type: "other" })),
    });
    await waitForProcessing(world.server, world.owner.token, id);
    const res = await call<{ id: string }>(world.server, "POST", `/track/${id}/fork`, {
      token: world.other.token,
      body: { title: "Studio" },
    });
    studio = { forkId: res.body.id, stems: [], keyBefore: "", removedFrom: null };
  },
  prepare: async (world) => {
    studio.stems = (await forkDetails(world)).stems;
    studio.keyBefore = (await trackRow(world.server, studio.forkId))?.original_key ?? "";
  },
  act: async (world, random) => {
    const stems = studio.stems;
    const changes: StudioChange[] = ["edit", "audio"];
    if (stems.length < 4) changes.push("add");
    if (stems.length > 1) changes.push("remove");
    const change = pick(changes, random);
    const stem = pick(stems, random);
    const token = world.other.token;
    const base = `/track/${studio.forkId}`;
    const part = pick(["synth", "vocals", "bass", "drums"] as const, random);
    const requests: Record<StudioChange, () => Promise<{ status: number }>> = {
      add: () =>
        call(world.server, "POST", `${base}/stem`, {
          token,
          body: studioForm("stemFile", shortPart(part), { name: part, type: "other" }),
        }),
      edit: () =>
        call(world.server, "PATCH", `${base}/stem/${stem.id}`, {
          token,
          body: studioForm("stemFile", shortPart(part), { name: part, type: "other" }),
        }),
      remove: () => call(world.server, "DELETE", `${base}/stem/${stem.id}`, { token }),
      audio: () => call(world.server, "PATCH", `${base}/audio`, { token, body: studioForm("original", shortPart("mix")) }),
    };
    const res = await requests[change]().catch(() => null);
    if (res && res.status >= 300) throw new Error(`studio ${change} answered ${res.status}`);
    studio.removedFrom = res && change === "remove" ? studio.keyBefore : null;
  },
  // An acknowledged removal regenerates the mix (a new original) or fails with a reason; never the old mix marked READY.
  check: async (world) => {
    if (!studio.removedFrom) return;
    const after = await trackRow(world.server, studio.forkId);
    if (after?.processing_status === "READY" && after.original_key === studio.removedFrom)
      throw new Error("a removed stem's mix was never regenerated: the old mix is READY");
  },
};

/**
 * Each run uploads a short WAV, FLAC or module and asks for its WAV and FLAC (a WAV or FLAC has only the
 * other to make), and for an earlier one's.
 */
const converted: string[] = [];

export const conversionsScenario: CrashScenario = {
  name: "conversions",
  windowMs: 1000,
  setUp: async () => {
    converted.length = 0;
  },
  prepare: async (world, random) => {
    const source = pick([shortPart("mix"), "real-audio/hydrogen-808_Kick_Long.flac", "real-modules/gd-ite.it"], random);
    converted.push(await acknowledgedUpload(world, world.owner, { original: source }));
  },
  act: async (world, random) => {
    const targets = [converted.at(-1) as string, pick(converted, random)];
    await Promise.all(
      targets.flatMap((target) =>
        ["wav", "flac"].map((format) =>
          cutOff(
            call(world.server, "POST", `/track/${target}/convert-audio`, {
              token: world.owner.token,
              body: { type: "full", format },
            }),
          ),
        ),
      ),
    );
  },
};

/** The seed of the first scenario; each next one takes the next seed. */
const SEED = 4242;

/** One test per scenario: `runs` seeded kills during it, each followed by the invariants. */
export function crashTests(runs: number): void {
  for (const [index, scenario] of [uploadsScenario, forksScenario, stemEditsScenario, conversionsScenario].entries()) {
    test(`kill -9 at ${runs} seeded moments during ${scenario.name} loses nothing acknowledged and leaves the data whole`, async () => {
      const world = await crashRuns(scenario, runs, SEED + index);
      console.log(
        `faults: ${scenario.name}: ${runs} kills, ${world.acknowledged.originals.size} acknowledged uploads, invariants held`,
      );
    }, 1_800_000);
  }
}
