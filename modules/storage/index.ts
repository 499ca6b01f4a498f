import { Elysia } from "elysia";
import { authGuard } from "../auth";
import { StorageQuota } from "./model";
import { storageQuota } from "./service";

/** SPEC §7 GET /storage/quota: the caller's own quota only. */
export const storageModule = new Elysia({ name: "module.storage", prefix: "/storage", detail: { tags: ["Storage"] } })
  .use(authGuard)
  .get("/quota", ({ user }) => storageQuota(user.id), {
    detail: { summary: "The signed-in user's storage use and quota" },
    auth: true,
    response: StorageQuota,
  });
