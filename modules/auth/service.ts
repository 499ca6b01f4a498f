import { config } from "../../src/server/config";
import { readsUntilChanged } from "../../src/server/db/changes";
import { type Executor, holdLock, transaction } from "../../src/server/db/transaction";
import { uniqueViolation } from "../../src/server/db/unique-violation";
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from "../../src/server/errors";
import { extensionPoint } from "../../src/server/extension-point";
import { sendMail, sendsMail } from "../../src/server/infra/mailer";
import { log } from "../../src/server/logger";
import {
  bioError,
  displayNameError,
  emailError,
  loginPasswordError,
  passwordError,
  type SignupInput,
  signupErrors,
  usernameError,
} from "../../src/shared/validation";
import { attemptLimits } from "./attempt-limits";
import { sessionViewerRow } from "./credentials";
import type { AccountChanges, Profile, PublicProfileFields } from "./model";
import { hashForUnknownAccounts, hashPassword, hasPassword } from "./passwords";
import { authRepo, type SessionRow } from "./repo";
import type { User } from "./schema";

/** What the rest of the server knows about the caller. */
export interface Viewer {
  id: string;
  email: string;
  username: string;
  role: "USER" | "ADMIN";
}

export const toViewer = ({ id, email, username, role }: Pick<User, keyof Viewer>): Viewer => ({ id, email, username, role });

/**
 * The early-access rules, kept by modules/admin (its feature flags and invite codes). Admin mounts
 * auth's guard, so auth cannot import it back; admin provides these when it loads.
 */
export interface EarlyAccess {
  /** Whether signing up needs an invite code (the early-access flag is on). */
  inviteRequired(): Promise<boolean>;
  /** Uses one use of a code (inside the signup's transaction); false when it is unknown, inactive, expired or used up. */
  consumeInviteCode(code: string, executor: Executor): Promise<boolean>;
  /** Tells the admins about a new early-access request. */
  requested(email: string, adminIds: string[]): Promise<void>;
}
export const earlyAccess = extensionPoint<EarlyAccess>("auth: early access");

/**
 * What deleting an account does to the rest of the server (modules/tracks provides it; it imports auth, so auth
 * cannot import it back).
 */
export interface AccountLeaving {
  /** How many tracks deleting the account deletes (the confirm dialog names them). */
  activeTrackCount(userId: string): Promise<number>;
  /** Inside the deletion's transaction: the user's tracks enter PENDING_DELETION, and tracks shared with them stop being. */
  leave(userId: string, executor: Executor): Promise<void>;
}
export const accountLeaving = extensionPoint<AccountLeaving>("auth: account deletion");

/** A module's own part of an account's deletion, run inside its transaction (comments and follows go). */
export type LeavingStep = (userId: string, executor: Executor) => Promise<void>;
/** The steps modules built on auth added as their plugin files loaded, run after `accountLeaving`'s. */
export const leavingSteps: LeavingStep[] = [];
export function alsoOnLeaving(step: LeavingStep): void {
  leavingSteps.push(step);
}

export { DELETED_USER } from "../../src/shared/artists";

/** A notice for every admin (modules/admin sends it as a notification; auth cannot import it, see EarlyAccess). */
export type AdminNotice = { title: string; message: string; link: string };
export const adminNotices = extensionPoint<(adminIds: string[], notice: AdminNotice) => Promise<void>>("auth: notices to admins");

/** Sends `notice` to every admin (a failed backup, modules/backups). */
export async function tellAdmins(notice: AdminNotice): Promise<void> {
  await adminNotices.get()(
    (await authRepo.admins()).map((admin) => admin.id),
    notice,
  );
}

const loginFailures = attemptLimits("login-failures");
/** Signed-in users' rows, read on every signed-in request: read again only once the database changed. */
const sessionRows = readsUntilChanged<SessionRow | undefined>(10_000);
const resetRequests = attemptLimits("reset-requests");

export async function findViewer(id: string): Promise<Viewer | null> {
  const row = await authRepo.viewerById(id);
  return row ? toViewer(row) : null;
}

/**
 * Who a session names, while the session is current: null once its user is gone or has ended it (its version is
 * older than the user's: a password change, "Log out everywhere"), or once its record has ended (signed out from
 * Settings › Sessions). Sessions signed before versions existed carry none and count as version 0; those signed
 * before records existed (no `sessionId`) end only with their version.
 */
export async function findSessionViewer(id: string, sessionVersion: number, sessionId: string | null): Promise<Viewer | null> {
  const row = sessionId ? await sessionViewerRow(sessionId, id) : await sessionRows(id, () => authRepo.viewerById(id));
  if (!row || row.sessionVersion !== sessionVersion) return null;
  return toViewer(row);
}

/** The user of an access token, unless their account is deleted. */
export async function findLiveViewer(id: string): Promise<Viewer | null> {
  const row = await sessionRows(id, () => authRepo.viewerById(id));
  return row ? toViewer(row) : null;
}

/** A session to sign: whose it is and the version it carries. */
export interface SessionGrant {
  user: Viewer;
  sessionVersion: number;
}

export function findUserById(id: string): Promise<Viewer | null> {
  return findViewer(id);
}

/** Usernames of many users in one query (list pages); unknown ids and deleted accounts are left out. */
export async function usernamesOf(ids: string[]): Promise<Map<string, string>> {
  return new Map((await authRepo.usernames([...new Set(ids)])).map((user) => [user.id, user.username]));
}

export async function findUserByEmail(email: string): Promise<Viewer | null> {
  const user = await authRepo.findByEmail(email.trim());
  return user ? toViewer(user) : null;
}

export async function paidQuotaSeconds(userId: string): Promise<number> {
  return (await authRepo.findById(userId))?.paidQuotaSeconds ?? 0;
}

/** paidQuotaSeconds, read under a lock on the user held until `executor`'s transaction ends (authRepo). */
export function holdPaidQuotaSeconds(userId: string, executor: Executor): Promise<number> {
  return authRepo.holdPaidQuotaSeconds(userId, executor);
}

/** The storage a user bought on top of the free quota (set by admins: scripts/grant-quota.ts). */
export async function setPaidQuotaSeconds(userId: string, seconds: number): Promise<void> {
  await authRepo.setPaidQuotaSeconds(userId, seconds);
}

const EMAIL_TAKEN = "An account with this email already exists";
const USERNAME_TAKEN = "This username is already taken";

/**
 * A write that raced another past its own check (two signups, two renames on PostgreSQL): the unique index that
 * refused it becomes the same 409 the check gives; any other error goes on as it is.
 */
function takenOrRethrow(error: unknown): never {
  const index = uniqueViolation(error);
  if (index === "users_email_unique") throw conflict(EMAIL_TAKEN);
  if (index === "users_username_unique") throw conflict(USERNAME_TAKEN);
  throw error;
}

/**
 * Whether the account `tx` is about to add is the first. First sign-ups racing on PostgreSQL each count no
 * one (none sees the others' uncommitted rows), so an empty count is taken again under a lock: the later ones
 * wait for the earlier one to commit and count it. Once there is an account, nothing waits.
 */
export async function isFirstAccount(tx: Executor): Promise<boolean> {
  if ((await authRepo.count(tx)) > 0) return false;
  await holdLock(tx, "auth: first account");
  return (await authRepo.count(tx)) === 0;
}

export async function signup(input: SignupInput): Promise<SessionGrant> {
  const inviteRequired = await earlyAccess.get().inviteRequired();
  const errors = signupErrors(input, inviteRequired);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first);
  const email = input.email.trim().toLowerCase();
  const username = input.username.trim();
  const passwordHash = await hashPassword(input.password);
  // Checked inside the transaction, after the slow hash: two signups for one address racing each
  // other would otherwise both pass and the second hit the unique index as a 500. A refused signup
  // rolls back, so it never spends an invite.
  const created = await transaction(async (tx) => {
    if (await authRepo.findByEmail(email, tx)) throw conflict(EMAIL_TAKEN);
    if (await authRepo.findByUsername(username, tx)) throw conflict(USERNAME_TAKEN);
    if (inviteRequired && !(await earlyAccess.get().consumeInviteCode(input.inviteCode ?? "", tx))) return null;
    // ADMIN_EMAIL names the administrator; without it, the first account becomes one.
    const isAdmin = config().adminEmail ? email === config().adminEmail : await isFirstAccount(tx);
    return authRepo.insert({ email, username, passwordHash, role: isAdmin ? "ADMIN" : "USER" }, tx);
  }).catch(takenOrRethrow);
  if (!created) throw badRequest("Invite code is invalid, expired or used up");
  return { user: toViewer(created), sessionVersion: created.sessionVersion };
}

export async function login(emailInput: string, password: string, ip: string): Promise<SessionGrant> {
  const invalid = emailError(emailInput) ?? loginPasswordError(password);
  if (invalid) throw badRequest(invalid);
  const email = emailInput.trim().toLowerCase();
  if (await loginFailures.blocked(email, ip)) {
    throw tooManyRequests("Too many failed login attempts. Please wait 15 minutes and try again.");
  }
  const user = await authRepo.findByEmail(email);
  // Verify against a dummy hash when the account is unknown, or has no password (made by OIDC), so timing does not
  // reveal which e-mails exist or how their accounts sign in.
  const stored = user && hasPassword(user) ? user.passwordHash : await hashForUnknownAccounts();
  const ok = (await Bun.password.verify(password, stored)) && user !== undefined && hasPassword(user);
  if (!user || !ok) {
    await loginFailures.hit(email, ip);
    throw unauthorized("Invalid email or password");
  }
  await loginFailures.reset(email);
  return { user: toViewer(user), sessionVersion: user.sessionVersion };
}

const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
const NO_PASSWORD_YET =
  "Your account has no password yet. Set one with the forgotten-password link on the login page, then try again.";

/**
 * Checks the signed-in user's password before a change only they may make. Failures count against the account as
 * failed logins do, so a session someone else holds cannot be used to guess the password.
 */
export async function checkCurrentPassword(viewer: Viewer, password: string): Promise<void> {
  if (await loginFailures.blocked(viewer.email))
    throw tooManyRequests("Too many failed attempts. Please wait 15 minutes and try again.");
  const user = await authRepo.findById(viewer.id);
  // The owner's own account, so saying it has no password tells nobody else anything.
  if (user && !hasPassword(user)) throw badRequest(NO_PASSWORD_YET);
  if (user && password.length > 0 && (await Bun.password.verify(password, user.passwordHash))) return;
  await loginFailures.hit(viewer.email);
  throw badRequest(WRONG_CURRENT_PASSWORD);
}

/** A new password (SPEC §5's rules), given with the current one; every other session ends, the caller gets a new one. */
export async function changePassword(viewer: Viewer, currentPassword: string, newPassword: string): Promise<SessionGrant> {
  const invalid = passwordError(newPassword);
  if (invalid) throw badRequest(invalid);
  await checkCurrentPassword(viewer, currentPassword);
  if (currentPassword === newPassword) throw badRequest("New password must be different from the current password");
  const sessionVersion = await authRepo.setPasswordHash(viewer.id, await hashPassword(newPassword));
  return { user: viewer, sessionVersion };
}

const avatarUrlOf = (user: User) => (user.avatarKey ? `/api/auth/users/${user.id}/avatar` : null);

/** What anyone may see of the live account named `username` (any letter case), or null. */
export async function publicProfileOf(username: string): Promise<PublicProfileFields | null> {
  const user = await authRepo.findByUsername(username);
  if (!user || user.deletedAt) return null;
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    avatarUrl: avatarUrlOf(user),
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user with their profile (GET /api/auth/me). */
export async function profileOf(viewer: Viewer): Promise<Profile> {
  const user = await authRepo.findById(viewer.id);
  if (!user) throw unauthorized("Unauthorized");
  return {
    ...toViewer(user),
    displayName: user.displayName,
    bio: user.bio,
    avatarUrl: avatarUrlOf(user),
  };
}

/**
 * PATCH /api/auth/me: the profile's fields (checked first, so a bad one changes nothing) and a new e-mail address
 * (with the current password, see changeEmail); fields left out stay as they are.
 */
export async function changeAccount(viewer: Viewer, changes: AccountChanges): Promise<Profile> {
  const displayName = changes.displayName === undefined ? undefined : (changes.displayName ?? "").trim() || null;
  const username = changes.username?.trim();
  const invalid =
    (username === undefined ? null : usernameError(username)) ??
    (displayName ? displayNameError(displayName) : null) ??
    (changes.bio === undefined ? null : bioError(changes.bio));
  if (invalid) throw badRequest(invalid);
  // Refused before anything is written: a taken name does not leave a changed address behind.
  if (username !== undefined) await usernameHolder(viewer, username);
  let signedIn = changes.email === undefined ? viewer : await changeEmail(viewer, changes.email, changes.currentPassword ?? "");
  if (username !== undefined) signedIn = await changeUsername(signedIn, username);
  if (displayName !== undefined || changes.bio !== undefined)
    await authRepo.setProfile(viewer.id, { displayName, bio: changes.bio });
  return profileOf(signedIn);
}

/** A 409 when another account has `username` (in any letter case), as at signup. */
async function usernameHolder(viewer: Viewer, username: string, executor?: Executor): Promise<void> {
  const holder = await authRepo.findByUsername(username, executor);
  if (holder && holder.id !== viewer.id) throw conflict(USERNAME_TAKEN);
}

/**
 * A new username for the signed-in user (a new letter case of their own included). The old one is free for anyone
 * at once and names nobody: sign-in is by e-mail, and the share picker (GET /api/auth/users) lists the new one.
 * Their tracks' pages and cards show the new one from the next request (migration username_pages raises their page
 * versions).
 */
async function changeUsername(viewer: Viewer, username: string): Promise<Viewer> {
  if (username === viewer.username) return viewer;
  await transaction(async (tx) => {
    await usernameHolder(viewer, username, tx);
    await authRepo.setUsername(viewer.id, username, tx);
  }).catch(takenOrRethrow);
  return { ...viewer, username };
}

/**
 * A new e-mail address for the signed-in user, given with their password. An address another account uses is a
 * 409, as at signup; so is ADMIN_EMAIL for anyone but an admin: changing an address never changes a role, and the
 * administrator's address is not for taking.
 */
export async function changeEmail(viewer: Viewer, emailInput: string, currentPassword: string): Promise<Viewer> {
  const invalid = emailError(emailInput);
  if (invalid) throw badRequest(invalid);
  await checkCurrentPassword(viewer, currentPassword);
  const email = emailInput.trim().toLowerCase();
  if (email === viewer.email.toLowerCase()) return viewer;
  if (config().adminEmail === email && viewer.role !== "ADMIN") throw conflict(EMAIL_TAKEN);
  await transaction(async (tx) => {
    const holder = await authRepo.findByEmail(email, tx);
    if (holder && holder.id !== viewer.id) throw conflict(EMAIL_TAKEN);
    await authRepo.setEmail(viewer.id, email, tx);
  }).catch(takenOrRethrow);
  return { ...viewer, email };
}

/** How long a reset link works. */
const RESET_LINK_MS = 60 * 60_000;
const INVALID_RESET_LINK = "This reset link is invalid, expired or already used. Ask your administrator for a new one.";

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

/**
 * A link that sets a new password for the account with address `email`, working once for an hour (made by an
 * administrator: `npm run reset-password`). Only its secret's hash is stored.
 */
export async function createPasswordReset(email: string): Promise<{ url: string; expiresAt: Date }> {
  const user = await authRepo.findByEmail(email.trim());
  if (!user) throw notFound(`No user has the e-mail address "${email}"`);
  return passwordResetOf(user);
}

/** The same link for the account with id `userId` (the admin's Users screen); 404 for an unknown id. */
export async function createPasswordResetFor(userId: string): Promise<{ url: string; expiresAt: Date }> {
  const user = await authRepo.findById(userId);
  if (!user || user.deletedAt) throw notFound("User not found");
  return passwordResetOf(user);
}

async function passwordResetOf(user: User): Promise<{ url: string; expiresAt: Date }> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const expiresAt = new Date(Date.now() + RESET_LINK_MS);
  await authRepo.addPasswordReset({ userId: user.id, tokenHash: sha256(token), expiresAt });
  return { url: `${config().publicUrl}/reset-password?token=${token}`, expiresAt };
}

/**
 * A forgotten password (`/forgot-password`): the same answer whether the address has an account or not, and in the same
 * time, since the work happens after it. With SMTP_URL the account's owner gets a reset link by mail; without it every
 * admin is told to make one on the Users screen.
 */
export async function requestPasswordReset(emailInput: string, ip: string): Promise<void> {
  const invalid = emailError(emailInput);
  if (invalid) throw badRequest(invalid);
  const email = emailInput.trim().toLowerCase();
  if (await resetRequests.blocked(email, ip))
    throw tooManyRequests("Too many password reset requests. Please wait 15 minutes and try again.");
  await resetRequests.hit(email, ip);
  setTimeout(() => {
    answerResetRequest(email).catch((error) =>
      log.warn("a password reset request could not be answered", { error: String(error) }),
    );
  }, 0);
}

async function answerResetRequest(email: string): Promise<void> {
  const user = await authRepo.findByEmail(email);
  if (!user) return;
  if (sendsMail()) {
    const link = await passwordResetOf(user);
    await sendMail({
      to: user.email,
      subject: "Reset your Stemma password",
      text: [
        `Hello ${user.username},`,
        "",
        "Someone asked to reset the password of your Stemma account. To choose a new one, open this link:",
        "",
        link.url,
        "",
        `It works once, until ${link.expiresAt.toUTCString()}, and signs you out everywhere.`,
        "If you did not ask for it, ignore this mail: your password stays as it is.",
      ].join("\n"),
    });
    return;
  }
  await adminNotices.get()(
    (await authRepo.admins()).map((admin) => admin.id),
    {
      title: "Password reset requested",
      message: `${user.username} forgot their password. Make them a reset link on the Users screen (/admin/users).`,
      link: "/admin/users",
    },
  );
}

/** Sets the password a reset link is for (SPEC §5's rules) and ends every session of that account. */
export async function resetPassword(token: string, password: string): Promise<void> {
  const invalid = passwordError(password);
  if (invalid) throw badRequest(invalid);
  const passwordHash = await hashPassword(password);
  const done = await transaction(async (tx) => {
    const userId = await authRepo.usePasswordReset(sha256(token), new Date(), tx);
    if (!userId) return false;
    await authRepo.setPasswordHash(userId, passwordHash, tx);
    return true;
  });
  if (!done) throw badRequest(INVALID_RESET_LINK);
}

/** Ends every session of the user, the caller's too, once their password is confirmed. */
export async function endAllSessions(viewer: Viewer, password: string): Promise<void> {
  await checkCurrentPassword(viewer, password);
  await authRepo.endSessions(viewer.id);
}

/** Records the address once and tells every admin about a new request. */
export async function requestEarlyAccess(emailInput: string): Promise<void> {
  const invalid = emailError(emailInput);
  if (invalid) throw badRequest(invalid);
  const email = emailInput.trim().toLowerCase();
  if (!(await authRepo.addEarlyAccessRequest(email))) return;
  await earlyAccess.get().requested(
    email,
    (await authRepo.admins()).map((admin) => admin.id),
  );
}

/** An account as the admin's Users screen shows it: never its e-mail address (no answer carries another's) or hash. */
export type AccountSummary = Pick<User, "id" | "username" | "role" | "createdAt">;

const accountSummary = ({ id, username, role, createdAt }: User): AccountSummary => ({ id, username, role, createdAt });

/** Accounts whose username contains `term` or whose e-mail address is `term` (any case), newest first, at most `limit`. */
export async function searchAccounts(term: string, limit: number): Promise<AccountSummary[]> {
  return (await authRepo.search(term.trim(), limit)).map(accountSummary);
}

export async function findAccount(id: string): Promise<AccountSummary | null> {
  const user = await authRepo.findById(id);
  return user ? accountSummary(user) : null;
}

/** Early access requests whose address has no account yet, newest first (the admin's Users screen). */
export function waitingEarlyAccessRequests(limit: number): Promise<{ id: string; email: string; createdAt: Date }[]> {
  return authRepo.waitingEarlyAccessRequests(limit);
}

/** Users for the share picker: ids and usernames only, never e-mails or hashes. */
export async function listUsers(exactEmail?: string): Promise<Pick<User, "id" | "username">[]> {
  if (exactEmail === undefined) return authRepo.listByUsername();
  const user = await authRepo.findByEmail(exactEmail.trim());
  return user ? [{ id: user.id, username: user.username }] : [];
}

/** Job `accounts.purge`: accounts deleted longer than DELETION_GRACE_SECONDS ago give up their username and address. */
export async function purgeDeletedAccounts(): Promise<void> {
  const cutoff = new Date(Date.now() - config().deletionGraceSeconds * 1000);
  const ids = await transaction((tx) => authRepo.anonymiseDeleted(cutoff, tx));
  if (ids.length) log.info("deleted accounts anonymised", { count: ids.length });
}
