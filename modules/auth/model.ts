import { t } from "elysia";

/** The signed-in user as the API sends it (SPEC §3 User, without secrets). */
export const User = t.Object({
  id: t.String(),
  email: t.String(),
  username: t.String(),
  role: t.Union([t.Literal("USER"), t.Literal("ADMIN")]),
});
export type User = typeof User.static;

/** GET and PATCH /api/auth/me: the signed-in user with what their profile says of them. */
export const Profile = t.Composite([
  User,
  t.Object({
    /** Shown instead of the username where a person is named; null: the username. */
    displayName: t.Nullable(t.String()),
    /** Plain text, at most 500 characters; empty when none. */
    bio: t.String(),
    /** The avatar (`?size=small`, 96 px, the default, or `large`, 400 px; square WebP), or null when none. */
    avatarUrl: t.Nullable(t.String()),
  }),
]);
export type Profile = typeof Profile.static;

/** What anyone may see of an artist (GET /api/users/{username}): never their e-mail address or role. */
export const PublicProfileFields = t.Object({
  id: t.String(),
  username: t.String(),
  displayName: t.Nullable(t.String()),
  bio: t.String(),
  avatarUrl: t.Nullable(t.String()),
  /** When they joined (ISO 8601). */
  createdAt: t.String(),
});
export type PublicProfileFields = typeof PublicProfileFields.static;

/** Login and signup answer the token and who it belongs to. */
export const Session = t.Object({ token: t.String(), user: User });
export type Session = typeof Session.static;

/** Another user as the share picker sees them: never their e-mail. */
export const UserSummary = t.Object({ id: t.String(), username: t.String() });
export type UserSummary = typeof UserSummary.static;

// Field rules and messages are SPEC §5's, checked by the service (src/shared/validation.ts) so the
// forms and the server say the same thing; the schemas only demand text.
export const Credentials = t.Object({ email: t.String(), password: t.String() });
export const ChangePasswordBody = t.Object({ currentPassword: t.String(), newPassword: t.String() });
export const PasswordBody = t.Object({ password: t.String() });
/** GET /api/auth/me/deletion: what the confirm dialog names before DELETE /api/auth/me. */
export const AccountDeletion = t.Object({
  /** The user's tracks that would be deleted. */
  trackCount: t.Integer(),
  /** Days until their files are gone and the username and e-mail address are free (DELETION_GRACE_SECONDS). */
  graceDays: t.Integer(),
  /** The only admin cannot delete their account. */
  lastAdmin: t.Boolean(),
});
export type AccountDeletion = typeof AccountDeletion.static;
export const PasswordResetBody = t.Object({ token: t.String(), password: t.String() });
/**
 * PATCH /api/auth/me: what the account changes, each field left out staying as it is. A new e-mail address needs the
 * current password; the profile's fields do not (an empty display name removes it).
 */
export const AccountChanges = t.Object({
  username: t.Optional(t.String()),
  email: t.Optional(t.String()),
  currentPassword: t.Optional(t.String()),
  displayName: t.Optional(t.Nullable(t.String())),
  bio: t.Optional(t.String()),
});
export type AccountChanges = typeof AccountChanges.static;
export const SignupBody = t.Object({
  email: t.String(),
  username: t.String(),
  password: t.String(),
  inviteCode: t.Optional(t.String()),
});

const Scope = t.Union([t.Literal("read"), t.Literal("write"), t.Literal("upload"), t.Literal("admin")]);

/** A personal access token as Settings › Tokens lists it: never the token itself, which is shown once. */
export const AccessTokenSummary = t.Object({
  id: t.String(),
  name: t.String(),
  scopes: t.Array(Scope),
  /** ISO 8601; null: it does not expire. */
  expiresAt: t.Nullable(t.String()),
  /** When it last made a request (to the minute); null: never. */
  lastUsedAt: t.Nullable(t.String()),
  createdAt: t.String(),
});
export type AccessTokenSummary = typeof AccessTokenSummary.static;
/** POST /api/auth/tokens answers the new token once, in `token`. */
export const NewAccessToken = t.Composite([AccessTokenSummary, t.Object({ token: t.String() })]);
/** POST /api/auth/tokens. Scopes are checked by the service, so an unknown one gets a message naming it. */
export const NewAccessTokenBody = t.Object({
  name: t.String(),
  scopes: t.Array(t.String()),
  /** ISO 8601 and in the future; null or left out: it does not expire. */
  expiresAt: t.Optional(t.Nullable(t.String())),
});

/** A signed-in browser or app, as Settings › Sessions lists it. */
export const SessionSummary = t.Object({
  id: t.String(),
  /** Read from the user agent: "Chrome 131". */
  browser: t.String(),
  /** Read from the user agent: "Linux", "iPhone". */
  device: t.String(),
  userAgent: t.String(),
  /** The address it last made a request from (to the minute). */
  lastIp: t.Nullable(t.String()),
  /** When it signed in. */
  createdAt: t.String(),
  lastSeenAt: t.String(),
  /** The session this request came with. */
  current: t.Boolean(),
});
export type SessionSummary = typeof SessionSummary.static;
