/**
 * Prints, as JSON, the statements a new migration would need for the schema modules as they are now, in the
 * dialect DATABASE_URL selects (src/server/db/dialect.ts): `[]` when the newest migration snapshot matches.
 * Run as a child process by src/server/db/dialects.test.ts, once per dialect (the tables are built at import).
 */
import { join } from "node:path";
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { isPostgres } from "../../src/server/db/dialect";
import { latestSnapshot } from "./migration-snapshots";

const ROOT = join(import.meta.dir, "../..");
const imports: Record<string, unknown> = {};
// The schema files drizzle.config.ts and drizzle.pg.config.ts name.
const files = [...new Bun.Glob("modules/*/schema.ts").scanSync(ROOT), "src/server/http/rate-limit-schema.ts"];
for (const file of files) Object.assign(imports, await import(join(ROOT, file)));

const previous = latestSnapshot(isPostgres ? "postgresql" : "sqlite");
const pending = isPostgres
  ? await generateMigration(previous as never, generateDrizzleJson(imports, previous.id as string))
  : await generateSQLiteMigration(previous as never, await generateSQLiteDrizzleJson(imports, previous.id as string));
console.log(JSON.stringify(pending));
