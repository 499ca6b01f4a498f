/**
 * `npm run restore -- <backup> [--data-dir <folder>]`: writes a backup made by `npm run backup` into an empty
 * DATA_DIR and verifies it (row counts, per-table SHA-256, every file's SHA-256). <backup> is one backup's folder,
 * or the backups folder for its newest. Exit codes: 0 restored and verified, 1 refused or a mismatch, 2 bad
 * arguments.
 */
import { resolve } from "node:path";
import { restoreInto } from "./lib/backup/restore";

const USAGE = "Usage: npm run restore -- <backup folder> [--data-dir <empty folder>]";

function parse(argv: string[]): { backup: string; dataDir: string } {
  const positional: string[] = [];
  let dataDir = process.env.DATA_DIR || "./data";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--data-dir") {
      const value = argv[++i];
      if (!value) usage("--data-dir needs a folder");
      dataDir = value;
    } else if (arg.startsWith("-")) usage(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) usage("Give one argument: the backup to restore");
  return { backup: resolve(positional[0] as string), dataDir: resolve(dataDir) };
}

function usage(message: string): never {
  console.error(`restore: ${message}\n${USAGE}`);
  process.exit(2);
}

const { backup, dataDir } = parse(process.argv.slice(2));
try {
  const { manifest, mismatches } = await restoreInto(backup, dataDir, (line) => console.log(line));
  if (mismatches.length) {
    console.error(`restore: verification FAILED, do not start a server on ${dataDir}:\n  ${mismatches.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Verified: ${manifest.tables.length} tables (row counts and SHA-256) and ${manifest.objects.length} files (SHA-256) match.`,
    );
  }
} catch (error) {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
