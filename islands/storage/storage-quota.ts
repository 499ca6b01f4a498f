import { api, fresh, reply } from "../lib/api";

export const fetchStorageQuota = () => reply(api.storage.quota.get(fresh()));

/** A share of the total as a percentage, capped at 100 (SPEC §9); 0 when there is no quota at all. */
export function quotaPercent(part: number, total: number): number {
  if (total <= 0) return part > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (part / total) * 100));
}

/** SPEC §9: the percentage label is drawn inside a bar only above 10%, where it fits. */
export const showsUsageLabel = (percent: number) => percent > 10;
