/**
 * A client generated from the published OpenAPI document works: openapi-typescript turns /api/openapi.json into
 * types in a scratch folder (nothing generated is committed), the journey (journey.ts) type-checks against them
 * with openapi-fetch, and runs against the real server: sign up, upload, read the track, list, fork, share.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../src/server/paths";
import { setUpServer } from "../support/lifecycle";
import { corpusPath, TINY_WAV } from "../support/uploads";

const live = setUpServer();
let scratch: string;

beforeAll(() => {
  // Inside the checkout (test-results/ is git-ignored), so the journey finds openapi-fetch and the Bun types.
  mkdirSync(join(ROOT, "test-results"), { recursive: true });
  scratch = mkdtempSync(join(ROOT, "test-results", "generated-client-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a command in the scratch folder; its output, or an error with it when it fails. */
async function run(command: string[], env: Record<string, string> = {}): Promise<string> {
  const child = Bun.spawn(command, { cwd: scratch, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if ((await child.exited) !== 0) throw new Error(`${command.join(" ")} failed:\n${out}\n${err}`);
  return out;
}

test("a client generated from /api/openapi.json type-checks and signs up, uploads, reads, lists, forks and shares", async () => {
  const document = await fetch(`${live.server.url}/api/openapi.json`);
  expect(document.status).toBe(200);
  writeFileSync(join(scratch, "openapi.json"), await document.text());
  await run([join(ROOT, "node_modules/.bin/openapi-typescript"), "openapi.json", "--output", "schema.d.ts"]);

  copyFileSync(join(import.meta.dir, "journey.ts"), join(scratch, "journey.ts"));
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        target: "esnext",
        module: "preserve",
        moduleResolution: "bundler",
        types: ["bun"],
        skipLibCheck: true,
      },
      files: ["journey.ts", "schema.d.ts"],
    }),
  );
  await run([join(ROOT, "node_modules/.bin/tsc"), "-p", "tsconfig.json"]);

  const out = await run([process.execPath, "journey.ts"], { STEMMA_URL: live.server.url, STEMMA_WAV: corpusPath(TINY_WAV) });
  const seen = JSON.parse(out.trim().split("\n").at(-1) as string);
  expect(seen.refusal).toEqual({ status: 401, message: "Authentication required" });
  expect(seen.track).toMatchObject({ title: "Journey", processingStatus: "READY", owner: seen.ownerName });
  expect(seen.ownOwner).toContain(seen.track.id);
  expect(seen.publicList).toContain(seen.track.id);
  expect(seen.fork).toMatchObject({ isFork: true, forkedFromId: seen.track.id });
  expect(seen.sharedWith).toEqual([seen.listener]);
  expect(seen.sharedList).toContain(seen.track.id);
}, 300_000);
