/**
 * Fault injection (`npm run test:faults`): kill -9 of the server at seeded moments during uploads,
 * forks, fork-studio stem edits and conversions, FAULT_RUNS runs each (default 50), each followed by a
 * restart on the same data and the shared invariants (invariants.ts).
 */
import { test } from "bun:test";
import { type CrashScenario, crashRuns } from "./crash-runs";
import { conversionsScenario, forksScenario, stemEditsScenario, uploadsScenario } from "./scenarios";

const RUNS = Number(process.env.FAULT_RUNS ?? 50);
const SEED = 4242;

for (const [index, scenario] of [uploadsScenario, forksScenario, stemEditsScenario, conversionsScenario].entries()) {
  test(`kill -9 at ${RUNS} seeded moments during ${scenario.name} loses nothing acknowledged and leaves the data whole`, async () => {
    const world = await crashRuns(scenario as CrashScenario, RUNS, SEED + index);
    console.log(
      `faults: ${scenario.name}: ${RUNS} kills, ${world.acknowledged.originals.size} acknowledged uploads, invariants held`,
    );
  }, 1_800_000);
}
