/**
 * kill -9 of the server at seeded moments while one kind of work is under way, then a restart on the
 * same DATA_DIR and the invariants (tests/support/invariants.ts). Each scenario starts its work without waiting,
 * the run sleeps a seeded 0..windowMs, kills, lets the cut-off requests fail, restarts and checks.
 */
import { rmSync } from "node:fs";
import { seededRandom } from "../fixtures/generator/synth";
import { call, type Session, signUp } from "../support/api";
import { type Acknowledged, expectInvariants, newAcknowledged, sha256 } from "../support/invariants";
import { startServer, type TestServer } from "../support/server";
import { corpusPath, createTrack, type UploadOptions } from "../support/uploads";

/** Quota high enough that no run is refused for it; one job per core as in production. */
export const FAULT_ENV = { FREE_QUOTA_SECONDS: "100000000" };

/** A server over one DATA_DIR that survives restarts, with two users and what was acknowledged. */
export interface FaultWorld {
  server: TestServer;
  owner: Session;
  other: Session;
  acknowledged: Acknowledged;
}

/** A fresh server (on `dataDir` when given, else a new temporary folder) with its two users. */
export async function openWorld(env: Record<string, string> = {}, dataDir?: string): Promise<FaultWorld> {
  const server = await startServer({ dataDir, env: { ...FAULT_ENV, ...env } });
  await signUp(server); // the first user is the admin: keep the two under test ordinary users
  return { server, owner: await signUp(server), other: await signUp(server), acknowledged: newAcknowledged() };
}

export async function restart(world: FaultWorld, env: Record<string, string> = {}): Promise<void> {
  world.server = await startServer({ dataDir: world.server.dataDir, env: { ...FAULT_ENV, ...env } });
}

/** Uploads as `session` and, on a 201, records the checksum of the original that was acknowledged. */
export async function acknowledgedUpload(world: FaultWorld, session: Session, options: UploadOptions): Promise<string> {
  const id = await createTrack(world.server, session.token, options);
  const path = typeof options.original === "string" ? options.original : (options.original?.[0] as string);
  world.acknowledged.originals.set(id, sha256(await Bun.file(corpusPath(path)).bytes()));
  return id;
}

/** The user's charged quota, as the API reports it. */
export async function usedQuota(world: FaultWorld, session: Session): Promise<number> {
  const res = await call<{ currentUsedQuotaSeconds: number }>(world.server, "GET", "/storage/quota", { token: session.token });
  return res.body.currentUsedQuotaSeconds;
}

/** The titles of the user's latest tracks (to see that a refused write left nothing). */
export async function latestTitles(world: FaultWorld, session: Session): Promise<string[]> {
  const res = await call<{ items: Array<{ title: string }> }>(world.server, "GET", "/tracks?limit=20", { token: session.token });
  return res.body.items.map((item) => item.title);
}

export interface CrashScenario {
  name: string;
  /** Kills land 0..windowMs after `act` starts (more when an unkilled run takes longer here). */
  windowMs: number;
  /** Once, before the first run (tracks to fork, a fork to edit). */
  setUp?(world: FaultWorld): Promise<void>;
  /** Before each run's kill window opens (what the run's work needs, made without a kill). */
  prepare?(world: FaultWorld, random: () => number): Promise<void>;
  /** Starts this run's work; resolves once every request has answered or been cut off (never rejects). */
  act(world: FaultWorld, random: () => number, run: number): Promise<void>;
  /** Checks of this scenario beyond the shared invariants, after the restart. */
  check?(world: FaultWorld): Promise<void>;
}

/** Swallows a request's failure: a request the kill cut off was never acknowledged. */
export const cutOff = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    () => undefined,
  );

/** `runs` seeded kills during `scenario`; returns the world (its acknowledged uploads) for the counts. */
export async function crashRuns(scenario: CrashScenario, runs: number, seed: number): Promise<FaultWorld> {
  const world = await openWorld();
  const random = seededRandom(seed);
  try {
    await scenario.setUp?.(world);
    // One run without a kill measures how long the work takes on this machine, so the kills spread over
    // all of it: on a loaded machine a fixed window would cut every upload before its answer.
    await scenario.prepare?.(world, random);
    const started = Date.now();
    await scenario.act(world, random, -1);
    const windowMs = Math.max(scenario.windowMs, Math.round((Date.now() - started) * 1.5));
    await expectInvariants(world.server, { acknowledged: world.acknowledged });
    for (let run = 0; run < runs; run++) {
      try {
        await scenario.prepare?.(world, random);
        const work = scenario.act(world, random, run);
        await Bun.sleep(Math.floor(random() * windowMs));
        await world.server.kill();
        await work;
        await restart(world);
        await expectInvariants(world.server, { acknowledged: world.acknowledged });
        await scenario.check?.(world);
      } catch (error) {
        const log = world.server.output().slice(-3000);
        throw new Error(`${scenario.name}, run ${run} (seed ${seed}): ${(error as Error).message}\nserver log:\n${log}`);
      }
    }
    return world;
  } finally {
    await world.server.stop();
    rmSync(world.server.dataDir, { recursive: true, force: true });
  }
}
