import { Elysia, t } from "elysia";
import { MAX_INVITE_CODE_USES, MAX_USES_INVALID } from "../../src/shared/validation";
import { authGuard } from "../auth/guard";
import * as admin from "./service";

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

/** SPEC §7 Admin: feature flags and invite codes, ADMIN only. */
export const adminModule = new Elysia({ name: "module.admin", prefix: "/admin" })
  .use(authGuard)
  .guard({ admin: true, detail: { tags: ["Admin"] } }, (app) =>
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
            expiresAt: t.Optional(t.Nullable(t.String({ format: "date-time" }), { error: "Expires At must be a date and time" })),
            reference: t.Optional(t.Nullable(t.String({ maxLength: 200 }))),
          }),
          response: InviteCode,
        },
      )
      .patch("/invite-codes/:id", ({ params, body }) => codeView(admin.setInviteCodeActive(params.id, body.isActive)), {
        body: t.Object({ isActive: t.Boolean() }),
        response: InviteCode,
      }),
  );
