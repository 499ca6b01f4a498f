import { t } from "elysia";

/** SPEC §3 Storage quota, in seconds of audio: GET /api/storage/quota's reply. */
export const StorageQuota = t.Object({
  totalQuotaSeconds: t.Number(),
  currentUsedQuotaSeconds: t.Number(),
  freeQuotaSeconds: t.Number(),
  paidQuotaSeconds: t.Number(),
  isOverQuota: t.Boolean(),
});
export type StorageQuota = typeof StorageQuota.static;
