import { config } from "../../src/server/config";
import { holdLock, transaction } from "../../src/server/db/transaction";
import { conflict } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { removeAvatarFiles } from "./avatar";
import { authRepo } from "./repo";
import { accountLeaving, checkCurrentPassword, leavingSteps, type Viewer } from "./service";

const LAST_ADMIN = "You are the only admin. Another account must be an admin before you can delete yours.";

/** What deleting the signed-in user's account would delete (GET /api/auth/me/deletion, for the confirm dialog). */
export async function accountDeletionOf(viewer: Viewer) {
  return {
    trackCount: await accountLeaving.get().activeTrackCount(viewer.id),
    graceDays: Math.ceil(config().deletionGraceSeconds / 86_400),
    lastAdmin: viewer.role === "ADMIN" && (await authRepo.admins()).length <= 1,
  };
}

/**
 * DELETE /api/auth/me: with the password, the account is deleted at once. Every session ends, its tracks enter
 * PENDING_DELETION (their files go after DELETION_GRACE_SECONDS, as any deleted track's; forks others made keep
 * theirs), shares with it end, its comments and follows go (leavingSteps), and its profile and avatar are cleared.
 * Its username and address stay held until the grace period is over (purgeDeletedAccounts), so nobody can pose as
 * the person meanwhile. The last admin cannot leave: the instance would have nobody to run it.
 */
export async function deleteAccount(viewer: Viewer, password: string): Promise<void> {
  await checkCurrentPassword(viewer, password);
  await transaction(async (tx) => {
    if (viewer.role === "ADMIN") {
      // Two admins leaving at once would each count the other.
      await holdLock(tx, "auth: admins");
      if ((await authRepo.admins(tx)).length <= 1) throw conflict(LAST_ADMIN);
    }
    await authRepo.markDeleted(viewer.id, new Date(), tx);
    await accountLeaving.get().leave(viewer.id, tx);
    for (const step of leavingSteps) await step(viewer.id, tx);
  });
  await removeAvatarFiles(viewer.id);
  log.info("account deleted", { userId: viewer.id });
}
