import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../../src/server/db/columns";

export const featureFlags = sqliteTable("feature_flags", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

export const inviteCodes = sqliteTable("invite_codes", {
  id: id(),
  code: text("code").notNull().unique(),
  reference: text("reference"),
  usedCount: integer("used_count").notNull().default(0),
  maxUses: integer("max_uses").notNull().default(1),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export type FeatureFlag = typeof featureFlags.$inferSelect;
export type InviteCode = typeof inviteCodes.$inferSelect;
