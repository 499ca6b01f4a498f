/** `npm run bench`: runs every bench/*.ts one after another (never in parallel: timings would mix). */
import { readdirSync } from "node:fs";
import { join } from "node:path";

const benches = readdirSync(import.meta.dir)
  .filter((name) => name.endsWith(".ts") && name !== "run.ts")
  .sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const proc = Bun.spawn(["bun", join(import.meta.dir, name)], { stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) failed++;
}
console.log(`\n${benches.length - failed} benches within budget, ${failed} over`);
process.exitCode = failed ? 1 : 0;
