import { Elysia, t } from "elysia";
import { EARLY_ACCESS_FLAG, MAX_INVITE_CODE_USES, MAX_USES_INVALID } from "../../src/shared/validation";
import { authGuard } from "../auth";
import { earlyAccess } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import * as admin from "./service";

// Signup (modules/auth) follows the early-access flag and invite codes kept here; auth cannot import
// admin (admin mounts auth's guard), so they are handed to it.
earlyAccess.provide({
  inviteRequired: () => admin.isFeatureEnabled(EARLY_ACCESS_FLAG),
  consumeInviteCode: admin.consumeInviteCode,
  requested: (email, adminIds) =>
    notifyUsers(adminIds, {
      title: "Early access request",
      message: `${email} asked for early access.`,
      type: "early-access-request",
    }),
});

const FeatureFlag = t.Object({ id: t.String(), name: t.String(), description: t.String(), isEnabled: t.Boolean() });
const InviteCode = t.Object({
  id: t.String(),
  code: t.String(),
  reference: t.Nullable(t.String()),
  usedCount: t.Number(),
  maxUses: t.Number(),
  expiresAt: t.Nullable(t.Date()),
  isActive: t.Boolean(),
});

const flagView = ({ id, name, description, isEnabled }: admin.FeatureFlagRow) => ({ id, name, description, isEnabled });
const codeView = ({ id, code, reference, usedCount, maxUses, expiresAt, isActive }: admin.InviteCodeRow) => ({
  id,
  code,
  reference,
  usedCount,
  maxUses,
  expiresAt,
  isActive,
});

/**
 * SPEC §7 Admin: feature flags and invite codes, ADMIN only; and GET /auth/enabled-features, open to
 * everyone (the signup page reads it), served here because the flags are this module's.
 */
export const adminModule = new Elysia({ name: "module.admin" })
  .use(authGuard)
  .get("/auth/enabled-features", () => admin.enabledFeatures(), { response: t.Array(t.String()), detail: { tags: ["Auth"] } })
  .group("/admin", (group) =>
    group.guard({ admin: true, detail: { tags: ["Admin"] } }, (app) =>
      app
        .get("/feature-flags", () => admin.listFeatureFlags().map(flagView), { response: t.Array(FeatureFlag) })
        .post("/feature-flags", ({ body }) => flagView(admin.createFeatureFlag(body.name.trim(), body.description)), {
          body: t.Object({
            name: t.String({ minLength: 1, pattern: "\\S", error: "Flag name is required" }),
            description: t.Optional(t.String()),
          }),
          response: FeatureFlag,
        })
        .patch("/feature-flags/:id", ({ params, body }) => flagView(admin.setFeatureFlagEnabled(params.id, body.isEnabled)), {
          body: t.Object({ isEnabled: t.Boolean() }),
          response: FeatureFlag,
        })
        .get("/invite-codes", () => ({ codes: admin.listInviteCodes().map(codeView) }), {
          response: t.Object({ codes: t.Array(InviteCode) }),
        })
        .post(
          "/invite-codes",
          ({ body }) =>
            codeView(
              admin.createInviteCode({
                maxUses: body.maxUses ?? 1,
                expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
                reference: body.reference,
              }),
            ),
          {
            body: t.Object({
              maxUses: t.Optional(t.Integer({ minimum: 1, maximum: MAX_INVITE_CODE_USES, error: MAX_USES_INVALID })),
              expiresAt: t.Optional(
                t.Nullable(t.String({ format: "date-time" }), { error: "Expires At must be a date and time" }),
              ),
              reference: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
            }),
            response: InviteCode,
          },
        )
        .patch("/invite-codes/:id", ({ params, body }) => codeView(admin.setInviteCodeActive(params.id, body.isActive)), {
          body: t.Object({ isActive: t.Boolean() }),
          response: InviteCode,
        }),
    ),
  );
