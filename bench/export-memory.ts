import { readFileSync, rmSync, truncateSync } from "node:fs";
import { join } from "node:path";
import type { AccountExport, AccountExportList } from "../modules/exports/model";
import { call, signUp } from "../tests/support/api";
import { startSingleServer } from "../tests/support/server";
import { storedSizes } from "../tests/support/stored-files";
import { uploadTiny, waitProcessed } from "../tests/support/uploads";

/**
 * An account export of several GB (EXPORT_BENCH_GB, default 5: past ZIP64's 4 GiB, with one file over 4 GiB too)
 * keeps the server's memory flat: resident memory may grow by at most 128 MB whatever the size. The originals are
 * grown to size as sparse files (instant to make, real bytes to read and write), so the run measures the export
 * alone. The zip is then listed with zipinfo, which reads its ZIP64 records. modules/exports/memory.test.ts is the
 * suite's smaller sample.
 */
const TOTAL_BYTES = Number(process.env.EXPORT_BENCH_GB ?? 5) * 2 ** 30;
const FILES = 2;
const MAX_GROWTH_BYTES = 128 * 2 ** 20;

const residentBytes = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m)?.[1] ?? 0) * 1024;

const server = await startSingleServer();
try {
  const user = await signUp(server);
  for (let i = 0; i < FILES; i++) await waitProcessed(server, user, await uploadTiny(server, user, { title: `Big ${i}` }));
  const originals = [...(await storedSizes(server, "tracks/")).keys()].filter((key) => key.endsWith("/original.wav"));
  // The first file alone passes 4 GiB when the total does: ZIP64 per entry, not only for the archive.
  const sizes = [Math.ceil(TOTAL_BYTES * 0.85), Math.floor(TOTAL_BYTES * 0.15)];
  for (const [i, key] of originals.entries()) truncateSync(join(server.dataDir, "media", key), sizes[i] as number);

  const pid = server.proc.pid;
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 50);
  const started = performance.now();
  const { body: pending } = await call<AccountExport>(server, "POST", "/auth/me/export", { token: user.token });
  let ready: AccountExport | undefined;
  while (!ready) {
    await Bun.sleep(500);
    const { body } = await call<AccountExportList>(server, "GET", "/auth/me/exports", { token: user.token });
    const found = body.find((item) => item.id === pending.id);
    if (found?.status === "FAILED") throw new Error("the export failed");
    if (found?.status === "READY") ready = found;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const zip = join(server.dataDir, "media", "exports", user.user.id, `${ready.id}.zip`);
  const listing = Bun.spawnSync(["zipinfo", "-1", zip]);
  const entries = listing.stdout.toString().trim().split("\n").length;
  const growth = peak - baseline;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  console.log(
    `export of ${mb(ready.sizeBytes ?? 0)} in ${seconds.toFixed(1)} s (${mb((ready.sizeBytes ?? 0) / seconds)}/s): ` +
      `memory ${mb(baseline)} → peak ${mb(peak)} (+${mb(growth)}, budget ${mb(MAX_GROWTH_BYTES)}); zipinfo: ${entries} entries, exit ${listing.exitCode}`,
  );
  process.exitCode = growth <= MAX_GROWTH_BYTES && listing.exitCode === 0 && entries === FILES + 1 ? 0 : 1;
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
