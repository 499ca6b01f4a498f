import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signUp } from "../tests/support/api";
import { EMBEDDED, runBackupScript } from "../tests/support/backup";
import { startSingleServer } from "../tests/support/server";
import { uploadTiny, waitProcessed } from "../tests/support/uploads";
import { markdownTable, writePerformanceSection } from "./support/report";

/**
 * `npm run backup` twice over an unchanged library of BACKUP_BENCH_MB (default 2048) of media while the server
 * runs: the second must copy no media bytes and take under a tenth of the first's time. The library is a real
 * install (a processed upload) plus files of distinct bytes in 16 MB pieces under DATA_DIR/media, written just
 * before, so the first backup may read some of them from the page cache.
 */
const LIBRARY_BYTES = Number(process.env.BACKUP_BENCH_MB ?? 2048) * 2 ** 20;
const FILE_BYTES = 16 * 2 ** 20;
const GOAL = 0.1;

const server = await startSingleServer({ env: EMBEDDED });
const folder = mkdtempSync(join(tmpdir(), "stemma-bench-backups-"));
try {
  const user = await signUp(server);
  await waitProcessed(server, user, await uploadTiny(server, user));
  const block = crypto.getRandomValues(new Uint8Array(65536));
  const piece = new Uint8Array(FILE_BYTES);
  for (let offset = 0; offset < FILE_BYTES; offset += block.length) piece.set(block, offset);
  const files = Math.ceil(LIBRARY_BYTES / FILE_BYTES);
  for (let i = 0; i < files; i++) {
    // Each file's own first bytes make its content, so its digest, its own.
    new DataView(piece.buffer).setUint32(0, i);
    mkdirSync(join(server.dataDir, "media", "tracks", `bench-${i}`), { recursive: true });
    await Bun.write(join(server.dataDir, "media", "tracks", `bench-${i}`, "original.wav"), piece);
  }

  const timed = async () => {
    const started = performance.now();
    const run = await runBackupScript("backup", [folder], { DATA_DIR: server.dataDir });
    if (run.code !== 0) throw new Error(`backup failed:\n${run.out}`);
    const copied = Number(run.out.match(/copied \((\d+) bytes\)/)?.[1]);
    return { seconds: (performance.now() - started) / 1000, copied };
  };
  const first = await timed();
  const second = await timed();
  const ratio = second.seconds / first.seconds;
  const pass = second.copied === 0 && ratio < GOAL;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const table = markdownTable(
    ["Backup", "Media copied", "Time", "Goal", "Result"],
    [
      ["First (empty folder)", mb(first.copied), `${first.seconds.toFixed(1)} s`, "", ""],
      [
        "Second (unchanged library)",
        mb(second.copied),
        `${second.seconds.toFixed(1)} s (${(ratio * 100).toFixed(1)} %)`,
        "0 MB, < 10 % of the first",
        pass ? "pass" : "FAIL",
      ],
    ],
  );
  const when = new Date().toISOString().slice(0, 10);
  writePerformanceSection(
    "backup",
    `${table}\n\n\`BACKUP_BENCH_MB=${LIBRARY_BYTES / 2 ** 20} bun bench/backup.ts\`, ${when}, a library of ${mb(LIBRARY_BYTES)} in ${files} files, 2-core machine shared with other work; the whole command is timed (process start, snapshot, listing, manifest, verification).`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
