import { Elysia, t } from "elysia";
import { authGuard } from "../auth";
import { storageQuota } from "./service";

/** SPEC §7 GET /storage/quota: the caller's own quota only. */
export const storageModule = new Elysia({ name: "module.storage", prefix: "/storage", detail: { tags: ["Storage"] } })
  .use(authGuard)
  .get("/quota", ({ user }) => storageQuota(user.id), {
    auth: true,
    response: t.Object({
      totalQuotaSeconds: t.Number(),
      currentUsedQuotaSeconds: t.Number(),
      freeQuotaSeconds: t.Number(),
      paidQuotaSeconds: t.Number(),
      isOverQuota: t.Boolean(),
    }),
  });
