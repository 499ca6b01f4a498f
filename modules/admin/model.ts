import { t } from "elysia";
import { MAX_INVITE_CODE_USES, MAX_USES_INVALID } from "../../src/shared/validation";

/** SPEC §3 Feature flag. */
export const FeatureFlag = t.Object({ id: t.String(), name: t.String(), description: t.String(), isEnabled: t.Boolean() });
export type FeatureFlag = typeof FeatureFlag.static;

/** SPEC §3 Invite code; `expiresAt` is an ISO string. */
export const InviteCode = t.Object({
  id: t.String(),
  code: t.String(),
  reference: t.Nullable(t.String()),
  usedCount: t.Number(),
  maxUses: t.Number(),
  expiresAt: t.Nullable(t.String({ format: "date-time" })),
  isActive: t.Boolean(),
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
