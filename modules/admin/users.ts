import { notFound } from "../../src/server/errors";
import {
  type AccountSummary,
  createPasswordResetFor,
  findAccount,
  searchAccounts,
  waitingEarlyAccessRequests,
} from "../auth/service";
import type { StorageQuota } from "../storage/model";
import { setPaidQuotaHours, storageQuota } from "../storage/service";
import { activeTrackCount } from "../tracks/service";
import type { AdminUser, AdminUserList, EarlyAccessRequestList, PasswordResetLink } from "./model";

/** Rows each list of the Users screen shows at most: a community's admin narrows a longer list by searching. */
export const LISTED = 100;

async function adminUserView(account: AccountSummary, quota: StorageQuota): Promise<AdminUser> {
  return {
    id: account.id,
    username: account.username,
    role: account.role,
    createdAt: account.createdAt.toISOString(),
    trackCount: await activeTrackCount(account.id),
    usedQuotaSeconds: quota.currentUsedQuotaSeconds,
    paidQuotaSeconds: quota.paidQuotaSeconds,
    totalQuotaSeconds: quota.totalQuotaSeconds,
  };
}

/** The accounts whose username contains `search` or whose e-mail address it is (every account without one), newest first. */
export async function listAccounts(search = ""): Promise<AdminUserList> {
  const found = await searchAccounts(search, LISTED + 1);
  const users = await Promise.all(
    found.slice(0, LISTED).map(async (account) => adminUserView(account, await storageQuota(account.id))),
  );
  return { users, hasMore: found.length > LISTED };
}

async function accountOf(userId: string): Promise<AccountSummary> {
  const account = await findAccount(userId);
  if (!account) throw notFound("User not found");
  return account;
}

/** The newest waiting early access requests: whom to send an invite code. */
export async function earlyAccessRequests(): Promise<EarlyAccessRequestList> {
  const requests = await waitingEarlyAccessRequests(LISTED);
  return { requests: requests.map(({ id, email, createdAt }) => ({ id, email, createdAt: createdAt.toISOString() })) };
}

/** A reset link for the account: the forgotten-password way back in when no mail server is set up. */
export async function resetLinkFor(userId: string): Promise<PasswordResetLink> {
  const link = await createPasswordResetFor(userId);
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Sets the account's paid quota (0 removes it) and answers the account as listed. */
export async function setPaidQuota(userId: string, hours: number): Promise<AdminUser> {
  const account = await accountOf(userId);
  return adminUserView(account, await setPaidQuotaHours(account.id, hours));
}
