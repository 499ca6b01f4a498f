import { sql } from "drizzle-orm";
import { createdAt, id, index, int, json, table, text, textEnum, timestampMs, uniqueIndex } from "../../src/server/db/columns";
import type { AccessTokenScope } from "../../src/shared/access-token-scopes";

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

/**
 * Signed-in browsers and apps: each sign-in is one row, its id carried in the session token (`sid`), so a person can
 * see where they are signed in (Settings › Sessions) and end one session without the others. `lastSeenAt` and
 * `lastIp` are refreshed at most once a minute (see session-records.ts).
 */
export const sessions = table(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent").notNull().default(""),
    lastIp: text("last_ip"),
    lastSeenAt: timestampMs("last_seen_at").notNull(),
    /** When it was signed out (by itself, another session, or "Sign out everywhere"); null while it lasts. */
    endedAt: timestampMs("ended_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Personal access tokens for scripts and API clients: a name, scopes and an expiry. Only the SHA-256 of the token is
 * kept; the token itself is shown once, when made.
 */
export const accessTokens = table(
  "access_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Some of ACCESS_TOKEN_SCOPES (src/shared/access-token-scopes.ts). */
    scopes: json<AccessTokenScope[]>("scopes").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** null: it does not expire. */
    expiresAt: timestampMs("expires_at"),
    lastUsedAt: timestampMs("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId)],
);
export type SessionRecord = typeof sessions.$inferSelect;
export type AccessToken = typeof accessTokens.$inferSelect;
