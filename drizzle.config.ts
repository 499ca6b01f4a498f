import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./modules/*/schema.ts", "./src/server/http/rate-limit-schema.ts"],
  out: "./migrations",
});
