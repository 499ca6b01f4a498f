/**
 * The checkout stands alone: no tracked file names a path on the machine it was written on (a home folder, a scratch
 * folder, a shared folder beside the checkout), so a clone anywhere runs the same. System tools (/usr/bin/chromium,
 * /usr/bin/env), the container's /data volume and URL paths are fine: only these machine-specific roots are refused.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const MACHINE_ROOTS = ["work", "home", "tmp", "root", "Users", "mnt", "srv", "opt"];
/** A root at the start of a path literal: after a quote, backtick, bracket, `=`, `,`, `:`, space or line start. */
const OUTSIDE_PATH = new RegExp(`(?:^|[\\s"'\`(\\[=,:])/(?:${MACHINE_ROOTS.join("|")})/`);
const CHECKOUT = join(import.meta.dir, "..", "..");

const trackedFiles = () => {
  const listed = Bun.spawnSync(["git", "ls-files", "-z"], { cwd: CHECKOUT });
  if (listed.exitCode !== 0) throw new Error(`git ls-files: ${listed.stderr.toString()}`);
  return listed.stdout.toString().split("\0").filter(Boolean);
};

/** `file:line: text` for every line naming a machine-specific absolute path; binary files are skipped. */
function outsidePaths(file: string, bytes: Uint8Array): string[] {
  if (bytes.includes(0)) return [];
  return new TextDecoder()
    .decode(bytes)
    .split("\n")
    .flatMap((line, index) => (OUTSIDE_PATH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

test("the pattern finds machine paths and leaves system tools, the /data volume and URLs alone", () => {
  const found = (line: string) => outsidePaths("x.ts", new TextEncoder().encode(line)).length > 0;
  // Built from pieces, so this file does not trip its own check.
  const [work, home, tmp, root] = MACHINE_ROOTS.map((name) => `/${name}/`);
  for (const line of [`const CORPUS = "${work}shared/corpus";`, `cp a ${tmp}b`, `path: \`${home}ada/x\``, `x=["${root}y"]`])
    expect(found(line), line).toBe(true);
  for (const line of [
    'const CHROMIUM = "/usr/bin/chromium";',
    "#!/usr/bin/env bash",
    "ENV DATA_DIR=/data",
    'fetch("https://example.com/home/page")',
    'get("/api/track/1/stems/work/x")',
    "rm -rf /var/lib/apt/lists/*",
  ])
    expect(found(line), line).toBe(false);
});

test("no tracked file names an absolute path outside the checkout", async () => {
  const offending: string[] = [];
  for (const file of trackedFiles()) offending.push(...outsidePaths(file, await Bun.file(join(CHECKOUT, file)).bytes()));
  expect(offending).toEqual([]);
});
