import { bool, table, text, textEnum } from "../../src/server/db/columns";

export const LICENSE_TYPES = ["ALL_RIGHTS_RESERVED", "CC_BY", "CC_BY_SA", "CC_BY_NC", "CC_BY_NC_SA"] as const;

/** Seeded by a migration with the five SPEC §3 types. */
export const licenses = table("licenses", {
  id: text("id").primaryKey(),
  type: textEnum("type", LICENSE_TYPES).notNull().unique(),
  name: text("name").notNull(),
  allowsCommercialUse: bool("allows_commercial_use").notNull(),
  description: text("description").notNull(),
  usageDescription: text("usage_description").notNull(),
});

export type License = typeof licenses.$inferSelect;
