/**
 * Fault injection (`npm run test:faults`): kill -9 of the server at seeded moments during uploads,
 * forks, fork-studio stem edits and conversions, FAULT_RUNS runs each (default 50), each followed by a
 * restart on the same data and the shared invariants (tests/support/invariants.ts). `npm test` runs a sample
 * (faults-sample.test.ts).
 */
import { crashTests } from "./scenarios";

crashTests(Number(process.env.FAULT_RUNS ?? 50));
