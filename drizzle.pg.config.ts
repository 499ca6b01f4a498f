import { defineConfig } from "drizzle-kit";

// The schema modules build PostgreSQL tables when DATABASE_URL is set (src/server/db/dialect.ts); generating
// needs no server, so any postgres address selects the dialect.
process.env.DATABASE_URL ||= "postgres://localhost/stemma";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./modules/*/schema.ts", "./src/server/http/rate-limit-schema.ts"],
  out: "./migrations/pg",
});
