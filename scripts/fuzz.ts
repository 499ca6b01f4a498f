/**
 * `npm run fuzz`: the long run of the hostile-input tests (their fixed-seed samples run in npm test).
 * Route fuzzing from the OpenAPI schemas (default 100,000 cases), then the bad corpus and seeded
 * mutations of real media files (default 2,000, four uploads at a time), each against a fresh real server.
 * Needs the Astro build. Options: --cases N, --files N, --seed N, --parallel N. `npm run fuzz:media` is the
 * media half alone. Exits 1 with the first failing input.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { badCorpus, fuzzMedia, uploadHostile } from "../tests/security/fuzz/media";
import { fuzzRoutes } from "../tests/security/fuzz/routes";
import { prepareFuzzWorld } from "../tests/security/fuzz/world";
import { signUp } from "../tests/support/api";
import { ensureCorpus } from "../tests/support/corpus";
import { expectInvariants } from "../tests/support/invariants";
import { startServer } from "../tests/support/server";

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "100000" },
    files: { type: "string", default: "2000" },
    seed: { type: "string", default: "20261123" },
    parallel: { type: "string", default: "4" },
  },
});
const cases = Number(values.cases);
const files = Number(values.files);
const seed = Number(values.seed);
const parallel = Number(values.parallel);
await ensureCorpus();

async function routes(): Promise<void> {
  const server = await startServer({ env: { LOGIN_MAX_FAILURES_PER_IP: "1000000" } });
  try {
    const started = performance.now();
    const { targets, statuses } = await fuzzRoutes(server, await prepareFuzzWorld(server), { numRuns: cases, seed });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`route fuzz: ${cases} cases over ${targets} routes in ${seconds} s, no 5xx, no crash, no hang`);
    console.log(`  statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  } finally {
    await server.stop();
  }
}

async function media(): Promise<void> {
  const server = await startServer({ env: { FREE_QUOTA_SECONDS: "1000000000" } });
  const scratch = mkdtempSync(join(tmpdir(), "stemma-fuzz-"));
  try {
    await signUp(server);
    const session = await signUp(server);
    for (const path of badCorpus()) await uploadHostile(server, session, path);
    const started = performance.now();
    const outcomes = await fuzzMedia(server, session, scratch, { count: files, seed, parallel });
    await expectInvariants(server, { sessions: [session] });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`media fuzz: ${badCorpus().length} bad-corpus files and ${files} mutated copies in ${seconds} s`);
    console.log(
      `  outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}; no 5xx, no stuck job, no orphan file, quota consistent`,
    );
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  if (cases > 0) await routes();
  if (files > 0) await media();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
