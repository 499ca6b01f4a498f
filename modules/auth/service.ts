import { config } from "../../src/server/config";
import { badRequest, conflict, tooManyRequests, unauthorized } from "../../src/server/errors";
import { extensionPoint } from "../../src/server/extension-point";
import { createRateLimiter } from "../../src/server/rate-limit";
import { emailError, loginPasswordError, type SignupInput, signupErrors } from "../../src/shared/validation";
import { authRepo } from "./repo";
import type { User } from "./schema";

/** What the rest of the server knows about the caller. */
export interface Viewer {
  id: string;
  email: string;
  username: string;
  role: "USER" | "ADMIN";
}

export const toViewer = ({ id, email, username, role }: User): Viewer => ({ id, email, username, role });

/**
 * The early-access rules, kept by modules/admin (its feature flags and invite codes). Admin mounts
 * auth's guard, so auth cannot import it back; admin provides these when it loads.
 */
export interface EarlyAccess {
  /** Whether signing up needs an invite code (the early-access flag is on). */
  inviteRequired(): boolean;
  /** Uses one use of a code; false when it is unknown, inactive, expired or used up. */
  consumeInviteCode(code: string): boolean;
  /** Tells the admins about a new early-access request. */
  requested(email: string, adminIds: string[]): void;
}
export const earlyAccess = extensionPoint<EarlyAccess>("auth: early access");

const LOGIN_WINDOW_MS = 15 * 60_000;
const failuresByAccount = createRateLimiter("login-failures", config.loginMaxFailuresPerAccount, LOGIN_WINDOW_MS);
const failuresByIp = createRateLimiter("login-failures", config.loginMaxFailuresPerIp, LOGIN_WINDOW_MS);

export function findViewer(id: string): Viewer | null {
  const user = authRepo.findById(id);
  return user ? toViewer(user) : null;
}

export function findUserById(id: string): Viewer | null {
  return findViewer(id);
}

/** Usernames of many users in one query (list pages); unknown ids are left out. */
export function usernamesOf(ids: string[]): Map<string, string> {
  return new Map(authRepo.usernames([...new Set(ids)]).map((user) => [user.id, user.username]));
}

export function findUserByEmail(email: string): Viewer | null {
  const user = authRepo.findByEmail(email.trim());
  return user ? toViewer(user) : null;
}

export function paidQuotaSeconds(userId: string): number {
  return authRepo.findById(userId)?.paidQuotaSeconds ?? 0;
}

/** The storage a user bought on top of the free quota (set by admins: scripts/grant-quota.ts). */
export function setPaidQuotaSeconds(userId: string, seconds: number): void {
  authRepo.setPaidQuotaSeconds(userId, seconds);
}

export async function signup(input: SignupInput): Promise<Viewer> {
  const inviteRequired = earlyAccess.get().inviteRequired();
  const errors = signupErrors(input, inviteRequired);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first);
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  const passwordHash = await Bun.password.hash(input.password, { algorithm: "argon2id" });
  // Checked inside the (synchronous) transaction, after the slow hash: two signups for one address
  // racing each other would otherwise both pass and the second hit the unique index as a 500.
  const created = authRepo.transaction(() => {
    if (authRepo.findByEmail(email)) throw conflict("An account with this email already exists");
    if (authRepo.findByUsername(username)) throw conflict("This username is already taken");
    if (inviteRequired && !earlyAccess.get().consumeInviteCode(input.inviteCode ?? "")) return null;
    // ADMIN_EMAIL names the administrator; without it, the first account becomes one.
    const isAdmin = config.adminEmail ? email === config.adminEmail : authRepo.count() === 0;
    return authRepo.insert({ email, username, passwordHash, role: isAdmin ? "ADMIN" : "USER" });
  });
  if (!created) throw badRequest("Invite code is invalid, expired or used up");
  return toViewer(created);
}

export async function login(emailInput: string, password: string, ip: string): Promise<Viewer> {
  const invalid = emailError(emailInput) ?? loginPasswordError(password);
  if (invalid) throw badRequest(invalid);
  const email = emailInput.trim().toLowerCase();
  const accountKey = `account:${email}`;
  const ipKey = `ip:${ip}`;
  if ((await failuresByAccount.blocked(accountKey)) || (await failuresByIp.blocked(ipKey))) {
    throw tooManyRequests("Too many failed login attempts. Please wait 15 minutes and try again.");
  }
  const user = authRepo.findByEmail(email);
  // Verify against a dummy hash when the account is unknown so timing does not reveal which e-mails exist.
  const ok = await Bun.password.verify(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await failuresByAccount.hit(accountKey);
    await failuresByIp.hit(ipKey);
    throw unauthorized("Invalid email or password");
  }
  await failuresByAccount.reset(accountKey);
  return toViewer(user);
}

const DUMMY_HASH = await Bun.password.hash("not-a-real-password", { algorithm: "argon2id" });

/** Records the address once and tells every admin about a new request. */
export function requestEarlyAccess(emailInput: string): void {
  const invalid = emailError(emailInput);
  if (invalid) throw badRequest(invalid);
  const email = emailInput.trim().toLowerCase();
  if (!authRepo.addEarlyAccessRequest(email)) return;
  earlyAccess.get().requested(
    email,
    authRepo.admins().map((admin) => admin.id),
  );
}

/** Users for the share picker: ids and usernames only, never e-mails or hashes. */
export function listUsers(exactEmail?: string): Pick<User, "id" | "username">[] {
  if (exactEmail === undefined) return authRepo.listByUsername();
  const user = authRepo.findByEmail(exactEmail.trim());
  return user ? [{ id: user.id, username: user.username }] : [];
}
