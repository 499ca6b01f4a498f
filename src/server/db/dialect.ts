/**
 * Which database this process speaks, chosen once from DATABASE_URL: a postgres:// address selects PostgreSQL,
 * unset selects the embedded SQLite file. Read straight from the environment (not from config.ts) because the
 * schema modules need it at import, including under drizzle-kit; config.ts checks the value at boot.
 */
export type Dialect = "sqlite" | "postgresql";

/** What DATABASE_URL must look like; config.ts refuses anything else at boot. */
export const POSTGRES_URL = /^postgres(ql)?:\/\/[^\s]+$/;

export function dialectOf(databaseUrl: string | undefined): Dialect {
  return databaseUrl?.trim() ? "postgresql" : "sqlite";
}

export const dialect: Dialect = dialectOf(process.env.DATABASE_URL);
export const isPostgres = dialect === "postgresql";
