/**
 * Run by import-side-effects.test.ts in a `bun` of its own: imports every server-side file and prints, as JSON, the
 * imports that threw, the child processes this process has, and the files and sockets it holds open afterwards.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
/** Entry points, not modules: they are run, never imported, and acting is what they are for. */
const ENTRY_POINTS = new Set(["src/server/main.ts", "src/server/images/image-child.ts"]);
const NOT_SERVER_CODE = /\.(test|e2e)\.tsx?$/;

const files = ["src/server", "modules"]
  .flatMap((folder) => [...new Bun.Glob(`${folder}/**/*.{ts,tsx}`).scanSync({ cwd: ROOT })])
  .filter((file) => !NOT_SERVER_CODE.test(file) && !ENTRY_POINTS.has(file))
  .sort();

const failures: string[] = [];
for (const file of files) {
  try {
    await import(join(ROOT, file));
  } catch (error) {
    failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const children = readdirSync("/proc/self/task")
  .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/))
  .filter(Boolean);

/** What each descriptor past the standard streams (which the test may pass as sockets) names: a path, `socket:[…]`… */
const opened = readdirSync("/proc/self/fd")
  .filter((fd) => Number(fd) > 2)
  .flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
// Bun's own: its event loop and /dev/null, and this check's directory listings.
const held = opened.filter((target) => !/^(anon_inode:|pipe:|\/dev\/null$|\/proc\/)/.test(target));

console.log(JSON.stringify({ imported: files.length, failures, children, held }));
process.exit(0);
