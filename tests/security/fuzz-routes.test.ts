/**
 * Hostile input, a fixed-seed sample of `npm run fuzz`: 2,000 requests generated from the OpenAPI
 * schemas (wrong types, missing and extra fields, huge and unicode strings, NUL bytes, __proto__ and
 * constructor keys, deep nesting, bad path ids, odd Range headers) get no 5xx, no crash and no hang.
 */
import { expect, test } from "bun:test";
import { setUpServer } from "../support/lifecycle";
import { fuzzRoutes } from "./fuzz/routes";
import { prepareFuzzWorld } from "./fuzz/world";

const live = setUpServer({ env: { LOGIN_MAX_FAILURES_PER_IP: "1000000" } });
const FUZZ_SAMPLE = 2000;

test(`${FUZZ_SAMPLE} generated requests over every route: no 5xx, no crash, no hang`, async () => {
  const world = await prepareFuzzWorld(live.server);
  const { targets, statuses, undocumented } = await fuzzRoutes(live.server, world, { numRuns: FUZZ_SAMPLE, seed: 20261123 });
  console.log(
    `route fuzz: ${FUZZ_SAMPLE} cases over ${targets} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(targets).toBeGreaterThan(40);
  // Every refusal a client can get is in the document, for a generated client to expect.
  expect(undocumented).toEqual([]);
  expect((await fetch(`${live.server.url}/api/health`)).status).toBe(200);
}, 120_000);
