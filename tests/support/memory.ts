import { readFileSync } from "node:fs";

/** A process's resident set size, from /proc. */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1] ?? 0) * 1024;
}

/**
 * How far a process's resident memory rose above where it stood while `work` ran, sampled every 20 ms (and logged
 * under `label`, so a run shows what it measured).
 */
export async function residentGrowthWhile(pid: number, label: string, work: () => Promise<void>): Promise<number> {
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  console.log(`${label}: baseline ${(baseline / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB`);
  return peak - baseline;
}
