/**
 * `npm run migrate-to -- <database url> <storage url>`: copies an embedded install (DATA_DIR's SQLite
 * database and media files) into PostgreSQL and an S3-compatible bucket, then verifies it. Resumable:
 * rows go in with idempotent inserts and present objects are skipped, so a run cut short is finished by
 * running it again, and a run over a complete copy only verifies. The source is never written (see
 * src/server/migrate/source.ts). Exit codes: 0 copied and verified, 1 refused or a mismatch, 2 bad arguments.
 */
import { SQL } from "bun";
import { openPostgres } from "../src/server/db/open";
import {
  bucketObjects,
  foreignObjects,
  localMedia,
  type MediaFile,
  uploadMissing,
  verifyMedia,
} from "../src/server/migrate/media";
import { planTables, type TablePlan } from "../src/server/migrate/plan";
import type { Row } from "../src/server/migrate/rows";
import { seededRows } from "../src/server/migrate/seeds";
import { MigrationRefused, openSnapshot } from "../src/server/migrate/source";
import {
  advanceSequences,
  checkTarget,
  copyTable,
  overwriteRows,
  sourceDigest,
  targetDigest,
} from "../src/server/migrate/tables";
import { targetTables } from "../src/server/migrate/target";
import { checkS3Bucket, createS3Store } from "../src/server/store/s3-store";
import { parseArguments, USAGE, UsageError } from "./lib/migrate/arguments";

const say = (line: string) => console.log(line);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The URL without its password, for messages. */
const shown = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

let args: ReturnType<typeof parseArguments>;
try {
  args = parseArguments(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

const snapshot = (() => {
  try {
    return openSnapshot(args.dataDir);
  } catch (error) {
    if (error instanceof MigrationRefused) refuse(error.message);
    throw error;
  }
})();
const sql = new SQL(args.databaseUrl, { max: 4 });
try {
  await run();
} catch (error) {
  if (!(error instanceof MigrationRefused)) throw error;
  console.error(`migrate-to: ${error.message}`);
  process.exitCode = 1;
} finally {
  snapshot.close();
  await sql.close();
}

async function run(): Promise<void> {
  await sql`SELECT 1`.catch((error) => {
    throw new MigrationRefused(`Cannot reach the database at ${shown(args.databaseUrl)}: ${reason(error)}`);
  });
  await checkS3Bucket(args.storage).catch((error) => {
    throw new MigrationRefused(reason(error));
  });
  say(`Source: ${args.dataDir}  →  ${shown(args.databaseUrl)} + s3://${args.storage.bucket}`);

  // The server's own migrations, applied as at its boot (under the advisory lock), on a client of their own.
  await (await openPostgres(args.databaseUrl)).$client.close();
  const { plans, targetOnly } = planTables(snapshot.tables, await targetTables(sql));
  const media = localMedia(args.dataDir);

  const present = await bucketObjects(args.storage);
  for (const [plan, rows] of await checkExisting(plans, media.files, present)) {
    await overwriteRows(sql, plan, rows);
    say(`  table ${plan.name}: ${rows.length} row(s) as the migrations seeded them set to the source's`);
  }
  for (const plan of plans) {
    const inserted = await copyTable(snapshot.db, sql, plan);
    await advanceSequences(sql, plan);
    say(`  table ${plan.name}: ${inserted} row(s) copied`);
  }
  await rebuildSearchIndex(sql);
  say("  search index: rebuilt from the copied tracks");
  const store = createS3Store(args.storage);
  const bytes = media.files.reduce((sum, file) => sum + file.size, 0);
  say(`  media: ${media.files.length} file(s), ${(bytes / 1e6).toFixed(1)} MB`);
  const uploaded = await uploadMissing(store, media.files, present, (done) => {
    if (done % 100 === 0) say(`    ${done}/${media.files.length}`);
  });
  say(`  media: ${uploaded} uploaded, ${media.files.length - uploaded} already there`);
  for (const key of media.ignored) say(`  not copied (not a media key): media/${key}`);

  const mismatches = [...(await verifyTables(plans)), ...(await verifyBucket(store, media.files))];
  say(
    `Not copied: ${targetOnly.length ? `${targetOnly.join(", ")} (target-only tables, left as migrated or rebuilt); ` : ""}the job queue (unfinished jobs are re-queued at boot)`,
  );
  say("Sessions stay valid if every new instance gets JWT_SECRET = the contents of DATA_DIR/jwt-secret.");
  if (mismatches.length) {
    console.error(`Verification FAILED:\n  ${mismatches.join("\n  ")}`);
    process.exitCode = 1;
  } else say(`Verified: ${plans.length} tables (row counts and SHA-256) and ${media.files.length} files (SHA-256) match.`);
}

/**
 * The search documents (migration pg/0014_search) are written by triggers on tracks, stems and users, which are off
 * while rows are copied: build every track's from `search_sources`, the one definition of a document.
 */
async function rebuildSearchIndex(target: SQL): Promise<void> {
  await target.unsafe(`INSERT INTO search_documents (track_id, document, folded)
    SELECT track_id, document, folded FROM search_sources
    ON CONFLICT (track_id) DO UPDATE SET document = excluded.document, folded = excluded.folded`);
}

/**
 * Anything already in the targets must be this install's own rows and files (an earlier run's) or rows the
 * migrations seeded, else the run is refused before writing. Returns the seeded rows to overwrite.
 */
async function checkExisting(
  plans: TablePlan[],
  files: MediaFile[],
  present: Map<string, number>,
): Promise<Map<TablePlan, Row[]>> {
  const foreign: string[] = [];
  const seeded = await seededRows(sql, plans);
  const reseed = new Map<TablePlan, Row[]>();
  for (const plan of plans) {
    const check = await checkTarget(snapshot.db, sql, plan, seeded.get(plan.name) ?? new Set());
    foreign.push(...check.foreign);
    if (check.reseed.length) reseed.set(plan, check.reseed);
  }
  foreign.push(...foreignObjects(files, present));
  if (foreign.length) {
    throw new MigrationRefused(
      `The target already holds different data; use an empty database and bucket:\n  ${foreign.join("\n  ")}`,
    );
  }
  return reseed;
}

async function verifyTables(plans: TablePlan[]): Promise<string[]> {
  const mismatches: string[] = [];
  say("Verification:");
  for (const plan of plans) {
    const [source, target] = [await sourceDigest(snapshot.db, plan), await targetDigest(sql, plan)];
    const same = source.rows === target.rows && source.sha256 === target.sha256;
    say(
      `  ${same ? "ok      " : "MISMATCH"} ${plan.name}: ${source.rows} → ${target.rows} rows, sha256 ${target.sha256.slice(0, 16)}`,
    );
    if (source.rows !== target.rows)
      mismatches.push(`${plan.name}: ${source.rows} rows in the source, ${target.rows} in the target`);
    else if (!same) mismatches.push(`${plan.name}: checksum ${source.sha256} in the source, ${target.sha256} in the target`);
  }
  return mismatches;
}

async function verifyBucket(
  store: ReturnType<typeof createS3Store>,
  files: ReturnType<typeof localMedia>["files"],
): Promise<string[]> {
  const objects = await bucketObjects(args.storage);
  const mismatches = foreignObjects(files, objects);
  if (objects.size !== files.length)
    mismatches.push(`media: ${files.length} files locally, ${objects.size} objects in the bucket`);
  mismatches.push(...(await verifyMedia(store, files)));
  say(`  ${mismatches.length ? "MISMATCH" : "ok      "} media: ${files.length} → ${objects.size} objects, SHA-256 compared`);
  return mismatches;
}

function refuse(message: string): never {
  console.error(`migrate-to: ${message}`);
  process.exit(1);
}
