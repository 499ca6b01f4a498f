import Bowser from "bowser";
import { readsUntilChanged } from "../../src/server/db/changes";
import { badRequest, forbidden, notFound } from "../../src/server/errors";
import { log } from "../../src/server/logger";
import { ACCESS_TOKEN_SCOPES, type AccessTokenScope } from "../../src/shared/access-token-scopes";
import { type AccessTokenState, credentialsRepo } from "./credentials-repo";
import type { AccessTokenSummary, SessionSummary } from "./model";
import type { SessionRow } from "./repo";
import type { Viewer } from "./service";

/** How a request proved who it is: a signed-in session (a browser, the login reply's token) or an access token. */
export type Credential =
  | { kind: "session"; sessionId: string | null }
  | { kind: "token"; tokenId: string; scopes: AccessTokenScope[] };

/** Sessions and tokens are marked seen at most this often: a write per request would cost more than it tells. */
const SEEN_EVERY_MS = 60_000;
const lastMarked = new Map<string, number>();
const MAX_MARKED = 10_000;

/** A busy database may refuse the mark: the request it came with is answered anyway, and the next one marks it. */
const notMarked = (error: unknown) => log.warn("could not mark a session or token as seen", { error: String(error) });

/** Whether `id` was last marked seen long enough ago to mark it again (and notes that it is being marked now). */
function dueForMark(id: string, now: number): boolean {
  const last = lastMarked.get(id);
  if (last !== undefined && now - last < SEEN_EVERY_MS) return false;
  if (lastMarked.size >= MAX_MARKED) lastMarked.clear();
  lastMarked.set(id, now);
  return true;
}

/** A new session record for a sign-in: answers its id, which the session token carries (`sid`). */
export async function startSession(userId: string, userAgent: string, ip: string | null): Promise<string> {
  const record = await credentialsRepo.addSession({ userId, userAgent: userAgent.slice(0, 512), lastIp: ip });
  dueForMark(record.id, Date.now());
  return record.id;
}

const liveSessions = readsUntilChanged<SessionRow | undefined>(10_000);

/** The user of a session that has not ended, and the session version it must carry. */
export const sessionViewerRow = (sessionId: string, userId: string): Promise<SessionRow | undefined> =>
  liveSessions(`${sessionId} ${userId}`, () => credentialsRepo.sessionViewer(sessionId, userId));

/** Notes that the session was used just now, from `ip` (at most once a minute; never awaited by the request). */
export function sessionSeen(sessionId: string, ip: string | null): void {
  const now = Date.now();
  if (dueForMark(sessionId, now)) void credentialsRepo.touchSession(sessionId, ip, new Date(now)).catch(notMarked);
}

/** "Chrome 131" on "Linux", "Safari 18" on "iPhone": what Settings › Sessions shows of a user agent. */
export function describeUserAgent(userAgent: string): { browser: string; device: string } {
  const parsed = Bowser.parse(userAgent || "-");
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", device: parsed.platform.model ?? parsed.os.name ?? "Unknown device" };
}

export async function listSessions(userId: string, currentSessionId: string | null): Promise<SessionSummary[]> {
  return (await credentialsRepo.liveSessions(userId)).map((session) => ({
    id: session.id,
    ...describeUserAgent(session.userAgent),
    userAgent: session.userAgent,
    lastIp: session.lastIp,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  }));
}

/** Signs one of the user's sessions out; 404 when there is no such live session of theirs. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  if (!(await credentialsRepo.endSession(userId, sessionId, new Date()))) throw notFound("Session not found");
}

/** Signs the session a request came with out (POST /api/auth/logout); one that ended already stays so. */
export async function endThisSession(userId: string, sessionId: string): Promise<void> {
  await credentialsRepo.endSession(userId, sessionId, new Date());
}

/** Access tokens are told from session tokens (JWTs, which start `ey`) by this prefix. */
const TOKEN_PREFIX = "stemma_pat_";
const NAME_MAX = 100;

const hashOf = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

export const isAccessToken = (token: string) => token.startsWith(TOKEN_PREFIX);

export interface NewAccessToken {
  name: string;
  scopes: string[];
  expiresAt?: string | null;
}

/** Checks what a new token asks for; answers it cleaned, or throws the 400 (or 403 for `admin`) that says why not. */
function checkedToken(viewer: Viewer, input: NewAccessToken, now: Date) {
  const name = input.name.trim();
  if (!name) throw badRequest("Give the token a name");
  if (name.length > NAME_MAX) throw badRequest(`A token's name is at most ${NAME_MAX} characters`);
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) throw badRequest("Choose at least one scope");
  const unknown = scopes.filter((scope) => !(ACCESS_TOKEN_SCOPES as readonly string[]).includes(scope));
  if (unknown.length) throw badRequest(`Unknown scope: ${unknown.join(", ")} (scopes are ${ACCESS_TOKEN_SCOPES.join(", ")})`);
  if (scopes.includes("admin") && viewer.role !== "ADMIN") throw forbidden("Only admins may give a token the admin scope");
  let expiresAt: Date | null = null;
  if (input.expiresAt) {
    expiresAt = new Date(input.expiresAt);
    if (Number.isNaN(expiresAt.getTime())) throw badRequest("expiresAt must be a date and time (ISO 8601)");
    if (expiresAt <= now) throw badRequest("expiresAt must be in the future");
  }
  return { name, scopes: scopes as AccessTokenScope[], expiresAt };
}

const summaryOf = (token: {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}): AccessTokenSummary => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  expiresAt: token.expiresAt?.toISOString() ?? null,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  createdAt: token.createdAt.toISOString(),
});

/** Makes a personal access token: answers it with the token itself, which is never shown again (only its hash is kept). */
export async function createAccessToken(viewer: Viewer, input: NewAccessToken): Promise<AccessTokenSummary & { token: string }> {
  const checked = checkedToken(viewer, input, new Date());
  const token = TOKEN_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const row = await credentialsRepo.addAccessToken({ userId: viewer.id, ...checked, tokenHash: hashOf(token) });
  return { ...summaryOf(row), token };
}

export async function listAccessTokens(userId: string): Promise<AccessTokenSummary[]> {
  return (await credentialsRepo.accessTokensOf(userId)).map(summaryOf);
}

export async function revokeAccessToken(userId: string, id: string): Promise<void> {
  if (!(await credentialsRepo.removeAccessToken(userId, id))) throw notFound("Token not found");
}

const tokenStates = readsUntilChanged<AccessTokenState | undefined>(10_000);

/**
 * The unexpired, unrevoked token `token` is, and marks it used (at most once a minute); undefined for any other. Its
 * expiry is judged here, on every request, as a kept answer may outlive it.
 */
export async function accessTokenOf(token: string): Promise<AccessTokenState | undefined> {
  const hash = hashOf(token);
  const state = await tokenStates(hash, () => credentialsRepo.accessTokenState(hash));
  const now = Date.now();
  if (!state || (state.expiresAt && state.expiresAt.getTime() <= now)) return undefined;
  if (dueForMark(state.id, now)) void credentialsRepo.touchAccessToken(state.id, new Date(now)).catch(notMarked);
  return state;
}
