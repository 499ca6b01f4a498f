import { Elysia, t } from "elysia";
import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { authGuard } from "../auth";
import { adminNotices, earlyAccess } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import {
  AdminUser,
  AdminUserChanges,
  AdminUserList,
  AdminUserQuery,
  EarlyAccessRequestList,
  FeatureFlag,
  InviteCode,
  NewFeatureFlag,
  NewInviteCode,
  PasswordResetLink,
} from "./model";
import * as admin from "./service";
import { earlyAccessRequests, listAccounts, resetLinkFor, setPaidQuota } from "./users";

// Signup (modules/auth) follows the early-access flag and invite codes kept here; auth cannot import
// admin (admin mounts auth's guard), so they are handed to it.
earlyAccess.provide({
  inviteRequired: () => admin.isFeatureEnabled(EARLY_ACCESS_FLAG),
  consumeInviteCode: admin.consumeInviteCode,
  requested: async (email, adminIds) => {
    await notifyUsers(adminIds, {
      title: "Early access request",
      message: `${email} asked for early access.`,
      type: "early-access-request",
      // The Users screen lists the requests waiting for an account.
      link: "/admin/users",
    });
  },
});

adminNotices.provide(async (adminIds, notice) => {
  await notifyUsers(adminIds, { ...notice, type: "info" });
});

const flagView = ({ id, name, description, isEnabled }: admin.FeatureFlagRow): FeatureFlag => ({
  id,
  name,
  description,
  isEnabled,
});
const codeView = (row: admin.InviteCodeRow): InviteCode => ({
  id: row.id,
  code: row.code,
  reference: row.reference,
  usedCount: row.usedCount,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  isActive: row.isActive,
  status: admin.inviteCodeStatus(row),
});

/**
 * SPEC §7 Admin: feature flags and invite codes, ADMIN only; and GET /auth/enabled-features, open to
 * everyone (the signup page reads it), served here because the flags are this module's.
 */
export const adminModule = new Elysia({ name: "module.admin" })
  .use(authGuard)
  .get("/auth/enabled-features", () => admin.enabledFeatures(), {
    response: t.Array(t.String()),
    detail: { summary: "The names of the feature flags that are on", tags: ["Auth"] },
  })
  .group("/admin", (group) =>
    group.guard({ admin: true, detail: { tags: ["Admin"] } }, (app) =>
      app
        .get("/feature-flags", async () => (await admin.listFeatureFlags()).map(flagView), {
          detail: { summary: "Admins: every feature flag" },
          response: t.Array(FeatureFlag),
        })
        .post("/feature-flags", async ({ body }) => flagView(await admin.createFeatureFlag(body.name.trim(), body.description)), {
          detail: { summary: "Admins: create a feature flag" },
          body: NewFeatureFlag,
          response: FeatureFlag,
        })
        .patch(
          "/feature-flags/:id",
          async ({ params, body }) => flagView(await admin.setFeatureFlagEnabled(params.id, body.isEnabled)),
          {
            detail: { summary: "Admins: turn a feature flag on or off" },
            body: t.Object({ isEnabled: t.Boolean() }),
            response: FeatureFlag,
          },
        )
        .get("/invite-codes", async () => ({ codes: (await admin.listInviteCodes()).map(codeView) }), {
          detail: { summary: "Admins: every invite code" },
          response: t.Object({ codes: t.Array(InviteCode) }),
        })
        .post(
          "/invite-codes",
          async ({ body }) =>
            codeView(
              await admin.createInviteCode({
                maxUses: body.maxUses ?? 1,
                expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
                reference: body.reference,
              }),
            ),
          { detail: { summary: "Admins: create an invite code" }, body: NewInviteCode, response: InviteCode },
        )
        .patch(
          "/invite-codes/:id",
          async ({ params, body }) => codeView(await admin.setInviteCodeActive(params.id, body.isActive)),
          {
            detail: { summary: "Admins: turn an invite code on or off" },
            body: t.Object({ isActive: t.Boolean() }),
            response: InviteCode,
          },
        )
        .get("/users", ({ query }) => listAccounts(query.search), {
          query: AdminUserQuery,
          response: AdminUserList,
          detail: {
            summary: "Admins: find accounts",
            description: "Accounts whose username contains `search`, or whose e-mail address it is (any case), newest first.",
          },
        })
        .get("/early-access-requests", () => earlyAccessRequests(), {
          response: EarlyAccessRequestList,
          detail: {
            summary: "Admins: addresses waiting for early access",
            description: "Addresses that asked for early access and have no account yet, newest first (at most 100).",
          },
        })
        .post("/users/:id/password-reset", ({ params }) => resetLinkFor(params.id), {
          response: PasswordResetLink,
          detail: {
            summary: "Admins: a password reset link for an account",
            description: "A link that sets a new password for the account: it works once, for an hour.",
          },
        })
        .patch("/users/:id", ({ params, body }) => setPaidQuota(params.id, body.paidQuotaHours), {
          body: AdminUserChanges,
          response: AdminUser,
          detail: {
            summary: "Admins: set an account's paid storage quota",
            description: "Sets the account's paid storage quota, in hours on top of the free quota (0 removes it).",
          },
        }),
    ),
  );
