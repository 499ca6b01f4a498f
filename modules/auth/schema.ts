import { sql } from "drizzle-orm";
import { createdAt, id, int, table, text, textEnum, timestampMs, uniqueIndex } from "../../src/server/db/columns";

export const users = table(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: textEnum("role", ["USER", "ADMIN"]).notNull().default("USER"),
    /** Seconds of audio bought on top of the free quota. */
    paidQuotaSeconds: int("paid_quota_seconds").notNull().default(0),
    /** Sessions carry the version they were signed at; raising it ends every older one (a password change, "Log out everywhere"). */
    sessionVersion: int("session_version").notNull().default(0),
    /** Shown instead of the username where a person is named (Settings, Profile); null: the username. */
    displayName: text("display_name"),
    /** A few plain-text lines about the person (at most BIO_MAX characters, src/shared/validation.ts). */
    bio: text("bio").notNull().default(""),
    /** Where the avatar's renditions are stored (`avatars/{id}/a` or `/b`, see avatar.ts); null: none. */
    avatarKey: text("avatar_key"),
    /**
     * When the person deleted their account (DELETE /me). Such a row signs nobody in; once the grace period has
     * passed, its username, e-mail and profile are cleared (anonymised), so others may take them.
     */
    deletedAt: timestampMs("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
  ],
);

export const earlyAccessRequests = table("early_access_requests", {
  id: id(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Links that set a new password (made by an admin: `npm run reset-password`). Only the SHA-256 of the link's
 * secret is kept, so the table reads no working link; a link works once, until it expires.
 */
export const passwordResets = table("password_resets", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestampMs("expires_at").notNull(),
  usedAt: timestampMs("used_at"),
  createdAt: createdAt(),
});

/**
 * Accounts at an OpenID Connect provider (OIDC_ISSUER) tied to a user: the provider's `iss` and `sub` name the
 * person there for good, where an e-mail address may change.
 */
export const userIdentities = table(
  "user_identities",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_identities_issuer_subject").on(t.issuer, t.subject)],
);

export type User = typeof users.$inferSelect;
