import { startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres";
import { openPostgres } from "../../src/server/db/open";

/**
 * `STEMMA_TEST_DATABASE=postgres` runs the servers tests start on PostgreSQL: one throwaway cluster per test
 * process (started on first use, stopped by tests/preload.ts after the last test file), and a fresh database in it
 * per server.
 * Unset, servers keep their embedded SQLite file in their data folder.
 */
export const testOnPostgres = process.env.STEMMA_TEST_DATABASE === "postgres";

let cluster: Promise<ThrowawayPostgres> | undefined;
let migratedTemplate: Promise<string> | undefined;
let databases = 0;

function sharedCluster(): Promise<ThrowawayPostgres> {
  cluster ??= startThrowawayPostgres();
  return cluster;
}

const nextName = () => `stemma_test_${process.pid}_${++databases}`;

/** The address of a new, empty database in the shared throwaway cluster. */
export async function freshPostgresDatabase(): Promise<string> {
  return (await sharedCluster()).createDatabase(nextName());
}

/**
 * The address of a new database holding the migrated, empty schema: a copy of one database the server's own
 * migrations were applied to once per test process. Its servers then boot without migrating (0.2 s a cluster).
 */
export async function migratedPostgresDatabase(): Promise<string> {
  const postgres = await sharedCluster();
  migratedTemplate ??= (async () => {
    const name = nextName();
    const db = await openPostgres(await postgres.createDatabase(name));
    // A database with a session open on it cannot be copied.
    await db.$client.close();
    return name;
  })();
  return postgres.createDatabase(nextName(), await migratedTemplate);
}

/** Stops the shared cluster if this process started one (bun test fires no exit event, so preload calls it). */
export async function stopSharedPostgres(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  migratedTemplate = undefined;
  await (await started)?.stop();
}
