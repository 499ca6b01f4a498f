// Runs before every `bun test` (bunfig.toml): the generated test media must exist before any test file reads them.
import { afterAll } from "bun:test";
import { ensureCorpus } from "./support/corpus";
import { freshPostgresDatabase, stopSharedPostgres, testOnPostgres } from "./support/test-database";

ensureCorpus();
// STEMMA_TEST_DATABASE=postgres: tests that open the database in-process use a PostgreSQL one too.
if (testOnPostgres && !process.env.DATABASE_URL) process.env.DATABASE_URL = await freshPostgresDatabase();
// A hook in the preload runs once, after every test file of the run.
afterAll(stopSharedPostgres);
