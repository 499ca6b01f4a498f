/**
 * `npm run restore -- <backup> [--data-dir <folder>]` writes a backup made by `npm run backup` of an embedded
 * install into an empty DATA_DIR; `npm run restore -- <backup> <database url> s3://<bucket>` one of a PostgreSQL
 * install into an empty database and bucket (S3_* settings as for migrate-to). Either then verifies it (row
 * counts, per-table SHA-256, every file's SHA-256). <backup> is one backup's folder, or the backups folder for
 * its newest. Exit codes: 0 restored and verified, 1 refused or a mismatch, 2 bad arguments.
 */
import { resolve } from "node:path";
import type { Manifest } from "../src/server/backup/folder";
import { restoreInto } from "./lib/backup/restore";
import { restoreIntoPostgres } from "./lib/backup/restore-postgres";
import { parseArguments, UsageError } from "./lib/migrate/arguments";

const USAGE = `Usage: npm run restore -- <backup folder> [--data-dir <empty folder>]
       npm run restore -- <backup folder> <database url> s3://<bucket>   (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as for migrate-to)`;

type Target = { dataDir: string } | { databaseUrl: string; storage: ReturnType<typeof parseArguments>["storage"] };

function parse(argv: string[]): { backup: string; target: Target } {
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
  const [backup, ...targets] = positional;
  if (!backup || (targets.length !== 0 && targets.length !== 2)) {
    usage("Give the backup to restore, and either nothing more (--data-dir) or a database URL and a storage URL");
  }
  if (!targets.length) return { backup: resolve(backup), target: { dataDir: resolve(dataDir) } };
  try {
    const { databaseUrl, storage } = parseArguments(targets, process.env);
    return { backup: resolve(backup), target: { databaseUrl, storage } };
  } catch (error) {
    if (error instanceof UsageError) usage(error.message);
    throw error;
  }
}

function usage(message: string): never {
  console.error(`restore: ${message}\n${USAGE}`);
  process.exit(2);
}

const { backup, target } = parse(process.argv.slice(2));
const say = (line: string) => console.log(line);
try {
  const { manifest, mismatches }: { manifest: Manifest; mismatches: string[] } =
    "dataDir" in target ? await restoreInto(backup, target.dataDir, say) : await restoreIntoPostgres(backup, target, say);
  if (mismatches.length) {
    console.error(`restore: verification FAILED, do not start a server on what was restored:\n  ${mismatches.join("\n  ")}`);
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
