import type { Executor } from "../../src/server/db/transaction";
import { HttpError } from "../../src/server/errors";
import { formatQuotaDuration } from "../../src/shared/quota-duration";
import { type NotificationInput, notifyUsers } from "../notifications/service";
import { heldQuotaLimitSeconds } from "../storage/service";
import { usedQuotaSeconds } from "../tracks/service";

/** Past this share of the quota the owner is warned (once, on the change that crosses it). */
const QUOTA_WARNING_SHARE = 0.8;

/**
 * The quota check every charge runs first inside its transaction (upload, fork, studio change): a 413
 * that says what is needed and what is left. `what` names the thing charged ("upload", "fork", "change").
 * The limit is read under a lock on the user (heldQuotaLimitSeconds), so concurrent charges to one user
 * queue on any database and the used seconds each reads include the charges committed before it.
 */
export function quotaGate(userId: string, cost: number, what: string) {
  let usedBefore = 0;
  let limit = 0;
  return {
    async admit(tx: Executor): Promise<void> {
      limit = await heldQuotaLimitSeconds(userId, tx);
      usedBefore = await usedQuotaSeconds(userId, tx);
      if (cost > 0 && usedBefore + cost > limit) {
        throw new HttpError(
          413,
          // Needed rounds up and left rounds down, so the message never reads as if it would fit.
          `This ${what} needs ${formatQuotaDuration(cost, "up")} of storage but only ${formatQuotaDuration(Math.max(0, limit - usedBefore), "down")} of your ${formatQuotaDuration(limit)} quota is left`,
        );
      }
    },
    /** After the charge is kept: the storage-quota-warning notification when this charge crossed 80 %. */
    warning: () => quotaWarning(userId, usedBefore, usedBefore + cost, limit),
  };
}

async function quotaWarning(
  userId: string,
  before: number,
  after: number,
  limit: number,
): Promise<NotificationInput | undefined> {
  const threshold = limit * QUOTA_WARNING_SHARE;
  if (limit <= 0 || before >= threshold || after < threshold) return undefined;
  const notification: NotificationInput = {
    title: "Storage almost full",
    message: `You have used ${Math.min(100, Math.round((after / limit) * 100))}% of your storage quota (${formatQuotaDuration(after)} of ${formatQuotaDuration(limit)}).`,
    type: "storage-quota-warning",
    link: "/manage-storage",
  };
  await notifyUsers([userId], notification);
  return notification;
}
