import { config } from "../../src/server/config";
import type { Executor } from "../../src/server/db/transaction";
import { badRequest, notFound } from "../../src/server/errors";
import { findUserByEmail, holdPaidQuotaSeconds, paidQuotaSeconds, setPaidQuotaSeconds } from "../auth/service";
import { usedQuotaSeconds } from "../tracks/service";
import type { StorageQuota } from "./model";

/** Everyone's free allowance (FREE_QUOTA_SECONDS) plus what this user bought, as a charge's transaction sees it: read under the user's lock, so charges to one user queue. */
export async function heldQuotaLimitSeconds(userId: string, executor: Executor): Promise<number> {
  return config().freeQuotaSeconds + (await holdPaidQuotaSeconds(userId, executor));
}

export async function storageQuota(userId: string): Promise<StorageQuota> {
  const paid = await paidQuotaSeconds(userId);
  const total = config().freeQuotaSeconds + paid;
  const used = await usedQuotaSeconds(userId);
  return {
    totalQuotaSeconds: total,
    currentUsedQuotaSeconds: used,
    freeQuotaSeconds: config().freeQuotaSeconds,
    paidQuotaSeconds: paid,
    isOverQuota: used > total,
  };
}

/** A century of audio: far above any real plan, low enough that a typo with extra digits is caught. */
const MAX_PAID_HOURS = 876_000;

const hoursError = (typed: string) => `Hours must be a number from 0 to ${MAX_PAID_HOURS}, like 10 or 2.5 (got "${typed}")`;

/**
 * Sets a user's paid quota to `hours` (as typed by an admin: a plain decimal number; 0 removes it)
 * and returns their quota afterwards. Stored in whole seconds.
 */
export async function grantPaidQuota(email: string, hours: string): Promise<StorageQuota> {
  if (!/^\d+(\.\d+)?$/.test(hours.trim()) || Number(hours) > MAX_PAID_HOURS) throw badRequest(hoursError(hours));
  const user = await findUserByEmail(email);
  if (!user) throw notFound(`No user has the e-mail address "${email}"`);
  return setPaidQuotaHours(user.id, Number(hours));
}

/** The same for a user the caller already found (the admin's Users screen), with hours as a number. */
export async function setPaidQuotaHours(userId: string, hours: number): Promise<StorageQuota> {
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_PAID_HOURS) throw badRequest(hoursError(String(hours)));
  await setPaidQuotaSeconds(userId, Math.round(hours * 3600));
  return storageQuota(userId);
}
