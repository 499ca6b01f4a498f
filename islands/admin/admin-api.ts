import type {
  AdminUser,
  AdminUserList,
  EarlyAccessRequestList,
  FeatureFlag,
  InviteCode,
  PasswordResetLink,
} from "../../modules/admin/model";
import { api } from "../lib/api";

export const listFeatureFlags = () => api.get<FeatureFlag[]>("/admin/feature-flags", { fresh: true });
export const createFeatureFlag = (input: { name: string; description: string }) =>
  api.post<FeatureFlag>("/admin/feature-flags", input);
export const setFeatureFlagEnabled = (id: string, isEnabled: boolean) =>
  api.patch<FeatureFlag>(`/admin/feature-flags/${encodeURIComponent(id)}`, { isEnabled });

export const listInviteCodes = () => api.get<{ codes: InviteCode[] }>("/admin/invite-codes", { fresh: true });
/** SPEC §5: expiry optional, an empty reference is omitted. */
export const createInviteCode = (input: { maxUses: number; expiresAt?: string; reference?: string }) =>
  api.post<InviteCode>("/admin/invite-codes", input);
export const setInviteCodeActive = (id: string, isActive: boolean) =>
  api.patch<InviteCode>(`/admin/invite-codes/${encodeURIComponent(id)}`, { isActive });

export const listUsers = (search: string) =>
  api.get<AdminUserList>("/admin/users", { fresh: true, query: search ? { search } : {} });
export const createResetLink = (id: string) =>
  api.post<PasswordResetLink>(`/admin/users/${encodeURIComponent(id)}/password-reset`, {});
export const setPaidQuota = (id: string, paidQuotaHours: number) =>
  api.patch<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, { paidQuotaHours });
export const listEarlyAccessRequests = () =>
  api.get<EarlyAccessRequestList>("/admin/early-access-requests", { fresh: true }).then((reply) => reply.requests);
