import { config } from "../../src/server/config";
import { paidQuotaSeconds } from "../auth/service";
import { usedQuotaSeconds } from "../tracks/service";

/** SPEC §3 Storage quota, in seconds of audio. */
export interface StorageQuota {
  totalQuotaSeconds: number;
  currentUsedQuotaSeconds: number;
  freeQuotaSeconds: number;
  paidQuotaSeconds: number;
  isOverQuota: boolean;
}

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
