import { startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres";

/**
 * `STEMMA_TEST_DATABASE=postgres` runs the servers tests start on PostgreSQL: one throwaway cluster per test
 * process (started on first use, stopped when the process exits), and a fresh database in it per server.
 * Unset, servers keep their embedded SQLite file in their data folder.
 */
export const testOnPostgres = process.env.STEMMA_TEST_DATABASE === "postgres";

let cluster: Promise<ThrowawayPostgres> | undefined;
let databases = 0;

function sharedCluster(): Promise<ThrowawayPostgres> {
  cluster ??= startThrowawayPostgres().then((postgres) => {
    // stop() runs its pg_ctl synchronously, as an exit handler must.
    process.once("exit", () => void postgres.stop());
    return postgres;
  });
  return cluster;
}

/** The address of a new, empty database in the shared throwaway cluster. */
export async function freshPostgresDatabase(): Promise<string> {
  const postgres = await sharedCluster();
  databases += 1;
  return postgres.createDatabase(`stemma_test_${process.pid}_${databases}`);
}
