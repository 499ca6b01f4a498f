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
let template: Promise<string> | undefined;
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

/**
 * The address of a new database in the shared throwaway cluster with every migration applied, as a server finds it
 * after its first boot: a copy of one migrated once per test process, which costs a file copy where migrating costs
 * a second or more of each server's start. Servers that must migrate themselves take `freshPostgresDatabase`.
 */
export async function migratedPostgresDatabase(): Promise<string> {
  const postgres = await sharedCluster();
  template ??= (async () => {
    const name = `stemma_template_${process.pid}`;
    const migrated = await openPostgres(await postgres.createDatabase(name));
    await migrated.$client.close();
    return name;
  })();
  const from = await template;
  databases += 1;
  return postgres.createDatabase(`stemma_test_${process.pid}_${databases}`, { template: from });
}

/** Stops the shared cluster if this process started one (bun test fires no exit event, so preload calls it). */
export async function stopSharedPostgres(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  template = undefined;
  await (await started)?.stop();
}
