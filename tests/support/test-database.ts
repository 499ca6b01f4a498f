import { startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres";

/**
 * `STEMMA_TEST_DATABASE=postgres` runs the servers tests start on PostgreSQL: one throwaway cluster per test
 * process (started on first use, stopped by tests/preload.ts after the last test file), and a fresh database in it
 * per server.
 * Unset, servers keep their embedded SQLite file in their data folder.
 */
export const testOnPostgres = process.env.STEMMA_TEST_DATABASE === "postgres";

let cluster: Promise<ThrowawayPostgres> | undefined;
let databases = 0;

function sharedCluster(): Promise<ThrowawayPostgres> {
  cluster ??= startThrowawayPostgres();
  return cluster;
}

/** The address of a new, empty database in the shared throwaway cluster. */
export async function freshPostgresDatabase(): Promise<string> {
  const postgres = await sharedCluster();
  databases += 1;
  return postgres.createDatabase(`stemma_test_${process.pid}_${databases}`);
}

/** Stops the shared cluster if this process started one (bun test fires no exit event, so preload calls it). */
export async function stopSharedPostgres(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  await (await started)?.stop();
}
