/**
 * `npm run backup -- <folder> [--keep <n>]`: backs up the install DATA_DIR and the server's settings name (the
 * database, its media, the JWT secret) into a new folder under <folder>, while the server runs, and verifies it.
 * Media already in an earlier backup of <folder> is not copied again. Exit codes: 0 written and verified, 1
 * failed (nothing partial is left), 2 bad arguments.
 */
import { resolve } from "node:path";
import { runBackup } from "../src/server/backup/run";
import { serverBackupSource } from "../src/server/backup/source";
import { loadConfigOrExit } from "../src/server/config";

const USAGE = "Usage: npm run backup -- <folder> [--keep <number of backups to keep>]";

function parse(argv: string[]): { folder: string; keep?: number } {
  const positional: string[] = [];
  let keep: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--keep") {
      const value = argv[++i] ?? "";
      if (!/^[1-9]\d{0,5}$/.test(value)) usage(`--keep needs a whole number from 1, got "${value}"`);
      keep = Number(value);
    } else if (arg.startsWith("-")) usage(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) usage("Give one argument: the folder to back up into");
  return { folder: resolve(positional[0] as string), keep };
}

function usage(message: string): never {
  console.error(`backup: ${message}\n${USAGE}`);
  process.exit(2);
}

const { folder, keep } = parse(process.argv.slice(2));
try {
  const result = await runBackup(folder, serverBackupSource(loadConfigOrExit()), { keep, say: (line) => console.log(line) });
  for (const key of result.gone) console.log(`Deleted by the server before it was read (expired or purged): ${key}`);
  for (const name of result.removedBackups) console.log(`Removed an old backup: ${name}`);
  console.log(`Backup ${result.path} written in ${(result.manifest.durationMs / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`backup FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
