import { t } from "elysia";
import { MAX_INVITE_CODE_USES, MAX_USES_INVALID } from "../../src/shared/validation";

/** SPEC §3 Feature flag. */
export const FeatureFlag = t.Object({ id: t.String(), name: t.String(), description: t.String(), isEnabled: t.Boolean() });
export type FeatureFlag = typeof FeatureFlag.static;

/**
 * Whether a code admits a signup now: `ACTIVE` does; `USED_UP` (every use taken) and `EXPIRED` never will again;
 * `INACTIVE` is switched off by an admin (and may be switched on).
 */
export const INVITE_CODE_STATUSES = ["ACTIVE", "INACTIVE", "USED_UP", "EXPIRED"] as const;
export type InviteCodeStatus = (typeof INVITE_CODE_STATUSES)[number];

/** SPEC §3 Invite code; `expiresAt` is an ISO string; `status` is added (issue 37). */
export const InviteCode = t.Object({
  id: t.String(),
  code: t.String(),
  reference: t.Nullable(t.String()),
  usedCount: t.Number(),
  maxUses: t.Number(),
  expiresAt: t.Nullable(t.String({ format: "date-time" })),
  isActive: t.Boolean(),
  status: t.UnionEnum(INVITE_CODE_STATUSES),
});
export type InviteCode = typeof InviteCode.static;

export const NewFeatureFlag = t.Object({
  name: t.String({ minLength: 1, pattern: "\\S", error: "Flag name is required" }),
  description: t.Optional(t.String()),
});
export const NewInviteCode = t.Object({
  maxUses: t.Optional(t.Integer({ minimum: 1, maximum: MAX_INVITE_CODE_USES, error: MAX_USES_INVALID })),
  expiresAt: t.Optional(t.Nullable(t.String({ format: "date-time" }), { error: "Expires At must be a date and time" })),
  reference: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
});
export type NewInviteCode = typeof NewInviteCode.static;

/**
 * An account on the Users screen: who it is, how much it stores, and what it may store (seconds of audio). Never its
 * e-mail address: no answer carries another user's, an admin's included.
 */
export const AdminUser = t.Object({
  id: t.String(),
  username: t.String(),
  role: t.UnionEnum(["USER", "ADMIN"]),
  createdAt: t.String({ format: "date-time" }),
  trackCount: t.Number(),
  usedQuotaSeconds: t.Number(),
  paidQuotaSeconds: t.Number(),
  totalQuotaSeconds: t.Number(),
});
export type AdminUser = typeof AdminUser.static;

/** GET /admin/users: newest first; `hasMore` when more accounts match than are listed (search to narrow). */
export const AdminUserList = t.Object({ users: t.Array(AdminUser), hasMore: t.Boolean() });
export type AdminUserList = typeof AdminUserList.static;

export const AdminUserQuery = t.Object({ search: t.Optional(t.String({ maxLength: 200 })) });

/** An address waiting for an invite code (POST /auth/request-early-access), without an account yet. */
export const EarlyAccessRequest = t.Object({ id: t.String(), email: t.String(), createdAt: t.String({ format: "date-time" }) });
export type EarlyAccessRequest = typeof EarlyAccessRequest.static;
export const EarlyAccessRequestList = t.Object({ requests: t.Array(EarlyAccessRequest) });
export type EarlyAccessRequestList = typeof EarlyAccessRequestList.static;

/** A password reset link an admin hands to the user (it works once, until `expiresAt`). */
export const PasswordResetLink = t.Object({ url: t.String(), expiresAt: t.String({ format: "date-time" }) });
export type PasswordResetLink = typeof PasswordResetLink.static;

export const PAID_QUOTA_INVALID = "Paid quota must be a number of hours from 0 to 876000";
/** PATCH /admin/users/{id}: what an admin changes of an account. */
export const AdminUserChanges = t.Object({
  paidQuotaHours: t.Number({ minimum: 0, maximum: 876_000, error: PAID_QUOTA_INVALID }),
});
