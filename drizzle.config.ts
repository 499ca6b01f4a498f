import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./modules/*/schema.ts",
  out: "./migrations",
});
