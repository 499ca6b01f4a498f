import { config } from "../../../src/server/config";
import { transaction } from "../../../src/server/db/transaction";
import { uniqueViolation } from "../../../src/server/db/unique-violation";
import { log } from "../../../src/server/logger";
import type { OidcError } from "../../../src/shared/oidc-messages";
import { emailError, usernameError } from "../../../src/shared/validation";
import { NO_PASSWORD } from "../passwords";
import { authRepo } from "../repo";
import type { User } from "../schema";
import { earlyAccess, isFirstAccount, type SessionGrant, toViewer } from "../service";
import type { LinkCookie } from "./cookies";

/** Who the provider says signed in: its ID token's claims with its UserInfo's, checked by openid-client. */
export interface ProviderAccount {
  issuer: string;
  subject: string;
  email: string | null;
  /** Only `email_verified: true` counts; a provider that does not say has not verified it. */
  emailVerified: boolean;
  /** `preferred_username`, the first choice for a new account's username. */
  preferredUsername: string | null;
  groups: string[];
}

export type Outcome =
  | { kind: "signed-in"; grant: SessionGrant }
  | { kind: "link"; pending: LinkCookie }
  | { kind: "refused"; reason: OidcError };

/**
 * With OIDC_ADMIN_GROUP set, the provider's groups decide the role at each sign-in with it: ADMIN in the group,
 * USER out of it (the ADMIN_EMAIL account stays ADMIN). Unset, roles are Stemma's own: null.
 */
function roleFromGroups(account: ProviderAccount, email: string): User["role"] | null {
  const group = config().oidc?.adminGroup;
  if (!group) return null;
  return account.groups.includes(group) || email.toLowerCase() === config().adminEmail ? "ADMIN" : "USER";
}

const grantOf = (user: User, role: User["role"]): SessionGrant => ({
  user: { ...toViewer(user), role },
  sessionVersion: user.sessionVersion,
});

/**
 * Finishes a sign-in the provider vouched for: the account tied to this provider account; else, when the verified
 * address belongs to an account, a link waiting for that account's password; else a new account.
 */
export async function signInWith(account: ProviderAccount): Promise<Outcome> {
  const known = await authRepo.userOfIdentity(account.issuer, account.subject);
  // Deleted, and within its grace period (the purge unties it after): it signs nobody in, as with a password.
  if (known?.deletedAt) return { kind: "refused", reason: "deleted" };
  if (known) {
    const role = roleFromGroups(account, known.email) ?? known.role;
    if (role !== known.role) {
      await authRepo.setRole(known.id, role);
      log.info("role set by the OIDC admin group", { userId: known.id, role });
    }
    return { kind: "signed-in", grant: grantOf(known, role) };
  }
  if (!account.email || emailError(account.email)) return { kind: "refused", reason: "no-email" };
  // An unverified address proves nothing: it neither links to the account holding it nor claims it for a new one.
  if (!account.emailVerified) return { kind: "refused", reason: "unverified" };
  const email = account.email.trim().toLowerCase();
  const holder = await authRepo.findByEmail(email);
  if (holder) return { kind: "link", pending: { userId: holder.id, issuer: account.issuer, subject: account.subject } };
  return createAccount(account, email);
}

/**
 * A new account for the provider account, with no password (docs/security.md, "Sign in with OIDC"). Invite-only registration
 * refuses it: the invite code is asked for at /register, which a provider's redirect never passes through.
 */
async function createAccount(account: ProviderAccount, email: string): Promise<Outcome> {
  if (await earlyAccess.get().inviteRequired()) return { kind: "refused", reason: "invite" };
  const fromGroups = roleFromGroups(account, email);
  try {
    const created = await transaction(async (tx) => {
      const username = await freeUsername(usernameBase(account, email), (name) => authRepo.findByUsername(name, tx));
      const isAdmin = fromGroups
        ? fromGroups === "ADMIN"
        : config().adminEmail
          ? email === config().adminEmail
          : await isFirstAccount(tx);
      const user = await authRepo.insert({ email, username, passwordHash: NO_PASSWORD, role: isAdmin ? "ADMIN" : "USER" }, tx);
      await authRepo.addIdentity({ userId: user.id, issuer: account.issuer, subject: account.subject }, tx);
      return user;
    });
    log.info("account created by sign-in with OIDC", { userId: created.id });
    return { kind: "signed-in", grant: grantOf(created, created.role) };
  } catch (error) {
    // A second sign-in of the same person racing this one, or an account made meanwhile with the address: the
    // outcome is whatever the rows now say.
    if (uniqueViolation(error) !== null) return signInWith(account);
    throw error;
  }
}

/** SPEC §5's username from what the provider calls the person: their preferred username, else the address's local part. */
function usernameBase(account: ProviderAccount, email: string): string {
  for (const candidate of [account.preferredUsername, email.split("@")[0]]) {
    const cleaned = (candidate ?? "")
      .replace(/[^A-Za-z0-9_-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 30);
    if (cleaned.length >= 3 && !usernameError(cleaned)) return cleaned;
    if (cleaned.length > 0) return `${cleaned}_user`.slice(0, 30);
  }
  return "user";
}

/** `base`, or `base-2`, `base-3`… (then a random suffix): the first no account has in any letter case. */
async function freeUsername(base: string, holder: (name: string) => Promise<User | undefined>): Promise<string> {
  for (let n = 1; n <= 20; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!(await holder(name))) return name;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * After a password login: ties the provider account the link cookie names to the account that just signed in, when
 * it is the account the provider's verified address matched. Answers whether it did.
 */
export async function linkAfterLogin(userId: string, pending: LinkCookie | null): Promise<boolean> {
  if (!pending || pending.userId !== userId) return false;
  const linked = await authRepo.addIdentity({ userId, issuer: pending.issuer, subject: pending.subject });
  if (linked) log.info("OIDC account linked after a password login", { userId });
  return linked;
}
