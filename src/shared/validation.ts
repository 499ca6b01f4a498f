/**
 * SPEC §5 rules with their exact messages, shared by the forms (islands) and the server so both
 * say the same thing. Each returns the first failing message, or null when the value is fine.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;

export function emailError(email: string): string | null {
  return EMAIL.test(email.trim()) ? null : "Please enter a valid email address";
}

export function loginPasswordError(password: string): string | null {
  return password.length > 0 ? null : "Password is required";
}

export function usernameError(username: string): string | null {
  if (username.length < 3) return "Username must be at least 3 characters long";
  if (!USERNAME_CHARS.test(username)) return "Username can only contain letters, numbers, underscores, and hyphens";
  return null;
}

export function passwordError(password: string): string | null {
  if (password.length < 8) return "Password must be at least 8 characters long";
  if (!/[A-Z]/.test(password)) return "Password must contain at least one uppercase letter";
  if (!/[a-z]/.test(password)) return "Password must contain at least one lowercase letter";
  if (!/[0-9]/.test(password)) return "Password must contain at least one number";
  return null;
}

/** Profile fields (Settings › Profile): how long a display name and a bio may be. */
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
/** The longest comment on a track, in characters (modules/comments; the comment form holds to it too). */
export const COMMENT_MAX = 2000;

export function displayNameError(displayName: string): string | null {
  return displayName.trim().length <= DISPLAY_NAME_MAX ? null : `Display name must be at most ${DISPLAY_NAME_MAX} characters`;
}

export function bioError(bio: string): string | null {
  return bio.length <= BIO_MAX ? null : `Bio must be at most ${BIO_MAX} characters`;
}

export function inviteCodeError(inviteCode: string, required: boolean): string | null {
  return required && !inviteCode.trim() ? "Invite code is required" : null;
}

export interface SignupInput {
  email: string;
  username: string;
  password: string;
  inviteCode?: string;
}

/** Field → message for every failing signup field. */
export function signupErrors(input: SignupInput, inviteRequired: boolean): Partial<Record<keyof SignupInput, string>> {
  const errors: Partial<Record<keyof SignupInput, string>> = {};
  const email = emailError(input.email);
  const username = usernameError(input.username);
  const password = passwordError(input.password);
  const invite = inviteCodeError(input.inviteCode ?? "", inviteRequired);
  if (email) errors.email = email;
  if (username) errors.username = username;
  if (password) errors.password = password;
  if (invite) errors.inviteCode = invite;
  return errors;
}

/** The feature flag that makes registration need an invite code. */
export const EARLY_ACCESS_FLAG = "EARLY_ACCESS_REQUIRED";

/** Invite code Max Uses: at least 1 (SPEC §5); the upper bound keeps it a sane integer in storage. */
export const MAX_INVITE_CODE_USES = 1_000_000;
export const MAX_USES_INVALID = `Max Uses must be a whole number from 1 to ${MAX_INVITE_CODE_USES}`;
