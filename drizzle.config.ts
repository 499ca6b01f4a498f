import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./modules/*/schema.ts", "./src/server/rate-limit-schema.ts"],
  out: "./migrations",
});
