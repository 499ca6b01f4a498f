import { join } from "node:path";
import { SQL } from "bun";
import { BackupRefused, type Manifest } from "../../../src/server/backup/folder";
import { objectStore } from "../../../src/server/backup/objects";
import { summarisePostgres, tableMismatches } from "../../../src/server/backup/tables";
import type { S3Config } from "../../../src/server/config";
import { bucketObjects, inParallel } from "../../../src/server/migrate/media";
import { checkS3Bucket, createS3Store } from "../../../src/server/store/s3-store";
import { openBackup } from "./restore";

/**
 * Writes a PostgreSQL install's backup into an empty database (pg_restore) and an empty bucket (every object
 * through the app's S3 store), then checks both against the manifest as migrate-to checks its copy: each table's
 * row count and SHA-256, and every object read back and hashed. Returns the mismatches (none: restored).
 */
export async function restoreIntoPostgres(
  given: string,
  target: { databaseUrl: string; storage: S3Config },
  say: (line: string) => void,
): Promise<{ manifest: Manifest; mismatches: string[] }> {
  const { backup, folder, manifest } = openBackup(given, "postgresql");
  const pgRestore = Bun.which("pg_restore");
  if (!pgRestore)
    throw new BackupRefused("pg_restore is not on PATH: install PostgreSQL's client tools (the server's major version)");
  const sql = new SQL(target.databaseUrl, { max: 4 });
  try {
    await sql`SELECT 1`.catch((error) => {
      throw new BackupRefused(`Cannot reach the database: ${error instanceof Error ? error.message : String(error)}`);
    });
    await checkS3Bucket(target.storage).catch((error) => {
      throw new BackupRefused(error instanceof Error ? error.message : String(error));
    });
    const [tables] = await sql<Array<{ n: string }>>`
      SELECT count(*) AS n FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`;
    if (Number(tables?.n) > 0) throw new BackupRefused("The database is not empty: restore only into an empty database");
    if ((await bucketObjects(target.storage)).size)
      throw new BackupRefused(`The bucket ${target.storage.bucket} is not empty: restore only into an empty bucket`);

    say(`Restoring ${backup} (${manifest.startedAt}) into the database and s3://${target.storage.bucket}`);
    const address = new URL(target.databaseUrl);
    const password = decodeURIComponent(address.password);
    address.password = "";
    const restore = Bun.spawn(
      [
        pgRestore,
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--dbname=${address}`,
        join(backup, manifest.database.file),
      ],
      { env: { ...process.env, PGPASSWORD: password }, stdout: "ignore", stderr: "pipe" },
    );
    const [code, errors] = await Promise.all([restore.exited, new Response(restore.stderr).text()]);
    if (code !== 0) throw new BackupRefused(`pg_restore failed: ${errors.trim()}`);

    const objects = objectStore(folder);
    const store = createS3Store(target.storage);
    const mismatches: string[] = [];
    await inParallel(manifest.objects, async (object) => {
      const stored = Bun.file(objects.pathOf(object.sha256));
      if (!(await stored.exists())) mismatches.push(`media ${object.key}: missing from the backup's objects`);
      else await store.put(object.key, stored);
    });
    say(`  database and ${manifest.objects.length - mismatches.length} of ${manifest.objects.length} objects written`);

    mismatches.push(...tableMismatches(manifest.tables, await summarisePostgres(sql)));
    await inParallel(manifest.objects, async (object) => {
      const stream = await store.stream(object.key);
      if (!stream) return; // counted as missing above
      const hasher = new Bun.CryptoHasher("sha256");
      for await (const chunk of stream) hasher.update(chunk);
      if (hasher.digest("hex") !== object.sha256) {
        mismatches.push(`media ${object.key}: SHA-256 differs from the manifest's (the backup's copy is damaged)`);
      }
    });
    say(`Give every instance JWT_SECRET = the contents of ${join(backup, "jwt-secret")}, so sessions stay valid.`);
    return { manifest, mismatches: mismatches.sort() };
  } finally {
    await sql.close();
  }
}
