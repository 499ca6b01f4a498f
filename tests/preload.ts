// Runs before every `bun test` (bunfig.toml): the generated test media must exist before any test file reads them.
import { afterAll } from "bun:test";
import { buildServerBundle } from "../scripts/build-server";
import { ensureCorpus } from "./support/corpus";
import { removeSqliteTemplate } from "./support/sqlite-template";
import { stopSharedPostgres } from "./support/test-database";

ensureCorpus();
// Servers start from the bundle, as `npm start` runs them: built from the code as it is now.
await buildServerBundle();
// A hook in the preload runs once, after every test file of the run.
afterAll(async () => {
  removeSqliteTemplate();
  await stopSharedPostgres();
});
