import { config } from "../../src/server/config";
import type { StorageQuota } from "../../src/shared/storage-quota";
import { paidQuotaSeconds } from "../auth/service";
import { usedQuotaSeconds } from "../tracks/service";

/** Everyone's free allowance (FREE_QUOTA_SECONDS) plus what this user bought. */
export function quotaLimitSeconds(userId: string): number {
  return config.freeQuotaSeconds + paidQuotaSeconds(userId);
}

export function storageQuota(userId: string): StorageQuota {
  const paid = paidQuotaSeconds(userId);
  const total = config.freeQuotaSeconds + paid;
  const used = usedQuotaSeconds(userId);
  return {
    totalQuotaSeconds: total,
    currentUsedQuotaSeconds: used,
    freeQuotaSeconds: config.freeQuotaSeconds,
    paidQuotaSeconds: paid,
    isOverQuota: used > total,
  };
}
