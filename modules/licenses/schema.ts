import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const LICENSE_TYPES = ["ALL_RIGHTS_RESERVED", "CC_BY", "CC_BY_SA", "CC_BY_NC", "CC_BY_NC_SA"] as const;

/** Seeded by a migration with the five SPEC §3 types. */
export const licenses = sqliteTable("licenses", {
  id: text("id").primaryKey(),
  type: text("type", { enum: LICENSE_TYPES }).notNull().unique(),
  name: text("name").notNull(),
  allowsCommercialUse: integer("allows_commercial_use", { mode: "boolean" }).notNull(),
  description: text("description").notNull(),
  usageDescription: text("usage_description").notNull(),
});

export type License = typeof licenses.$inferSelect;
