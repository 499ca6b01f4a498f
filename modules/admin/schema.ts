import { bool, createdAt, id, int, table, text, timestampMs } from "../../src/server/db/columns";

export const featureFlags = table("feature_flags", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  isEnabled: bool("is_enabled").notNull().default(false),
  createdAt: createdAt(),
});

export const inviteCodes = table("invite_codes", {
  id: id(),
  code: text("code").notNull().unique(),
  reference: text("reference"),
  usedCount: int("used_count").notNull().default(0),
  maxUses: int("max_uses").notNull().default(1),
  expiresAt: timestampMs("expires_at"),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
});

export type FeatureFlag = typeof featureFlags.$inferSelect;
export type InviteCode = typeof inviteCodes.$inferSelect;
