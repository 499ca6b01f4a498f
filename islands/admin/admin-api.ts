import { api, fresh, reply } from "../lib/api";

export const listFeatureFlags = () => reply(api.admin["feature-flags"].get(fresh()));
export const createFeatureFlag = (input: { name: string; description: string }) => reply(api.admin["feature-flags"].post(input));
export const setFeatureFlagEnabled = (id: string, isEnabled: boolean) =>
  reply(api.admin["feature-flags"]({ id: encodeURIComponent(id) }).patch({ isEnabled }));

export const listInviteCodes = () => reply(api.admin["invite-codes"].get(fresh()));
/** SPEC §5: expiry optional, an empty reference is omitted. */
export const createInviteCode = (input: { maxUses: number; expiresAt?: string; reference?: string }) =>
  reply(api.admin["invite-codes"].post(input));
export const setInviteCodeActive = (id: string, isActive: boolean) =>
  reply(api.admin["invite-codes"]({ id: encodeURIComponent(id) }).patch({ isActive }));

export const listUsers = (search: string) => reply(api.admin.users.get({ ...fresh(), query: search ? { search } : {} }));
export const createResetLink = (id: string) => reply(api.admin.users({ id: encodeURIComponent(id) })["password-reset"].post({}));
export const setPaidQuota = (id: string, paidQuotaHours: number) =>
  reply(api.admin.users({ id: encodeURIComponent(id) }).patch({ paidQuotaHours }));
export const listEarlyAccessRequests = () =>
  reply(api.admin["early-access-requests"].get(fresh())).then(({ requests }) => requests);

export const backupStatus = () => reply(api.admin.backups.get(fresh()));
export const requestBackup = () => reply(api.admin.backups.post({}));
