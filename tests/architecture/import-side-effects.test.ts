/**
 * Importing server code does nothing: no settings read, no file written, no database, broker or child process
 * opened. What a running Stemma holds is built once by main.ts (src/server/runtime.ts), so tests, scripts and
 * tools can import any module and build their own. Every server-side file is imported in a fresh `bun` whose only
 * setting is an empty DATA_DIR, started in an empty folder (the default DATA_DIR is relative to it).
 */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBun } from "../support/bun-child";

const scratch = mkdtempSync(join(tmpdir(), "stemma-imports-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ProbeReport {
  imported: number;
  failures: string[];
  children: string[];
  held: string[];
}

test("importing every server-side file creates, opens and starts nothing, and needs no setting", async () => {
  const dataDir = join(scratch, "data");
  const cwd = join(scratch, "cwd");
  for (const folder of [dataDir, cwd]) mkdirSync(folder);
  // Only DATA_DIR: a setting this process has must not be what lets an import through.
  const { code, out, err } = await runBun([join(import.meta.dir, "import-probe.ts")], {
    cwd,
    env: { DATA_DIR: dataDir },
    inherit: false,
  });
  expect({ code, err }).toEqual({ code: 0, err: "" });
  const report = JSON.parse(out.trim().split("\n").at(-1) as string) as ProbeReport;
  expect(report.imported).toBeGreaterThan(200);
  expect(report.failures).toEqual([]);
  expect(report.children).toEqual([]);
  expect(report.held).toEqual([]);
  expect(readdirSync(dataDir)).toEqual([]);
  expect(readdirSync(cwd)).toEqual([]);
});
