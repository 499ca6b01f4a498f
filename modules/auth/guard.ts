import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import { forbidden, unauthorized } from "../../src/server/errors";
import { clientIp } from "../../src/server/http/client-ip";
import { adminRequired, sessionRequired } from "../../src/server/openapi/security";
import { perRuntime } from "../../src/server/runtime";
import { accessTokenOf, type Credential, isAccessToken, sessionSeen, startSession } from "./credentials";
import { scopeNeeded } from "./scopes";
import { findLiveViewer, findSessionViewer, type SessionGrant, type Viewer } from "./service";
import { bearerToken, checkSameSite, cookieToken } from "./session-cookie";

/** A request's headers, as Elysia's context and a plain Request each give them. */
export type RequestHeaders = Pick<Headers, "get">;

/** The credential a request carries and where: `Authorization: Bearer …` first (API clients), else the session cookie. */
interface Presented {
  token: string;
  via: "header" | "cookie";
}

/**
 * The token from `Authorization: Bearer …`, else from the browser's session cookie (session-cookie.ts); never from a
 * URL, where a session would end up in histories, logs and shared links. Media URLs carry short-lived media tokens
 * instead (src/server/http/media-token.ts), which are never sessions.
 */
function presentedBy(headers: RequestHeaders): Presented | null {
  const bearer = bearerToken(headers.get("authorization"));
  if (bearer) return { token: bearer, via: "header" };
  const cookie = cookieToken(headers.get("cookie"));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/**
 * Whether a request carries a credential at all, checked or not. Such a request is not answered from the pages kept
 * for visitors, since its page is rendered for its viewer; no signature check, which a kept answer must not cost.
 */
export const presentsCredential = (headers: RequestHeaders): boolean => presentedBy(headers) !== null;

/** Signs and verifies session tokens with the runtime's JWT_SECRET. */
const sessionTokens = perRuntime(
  ({ config }) => jwt({ name: "jwt", secret: config.jwtSecret, exp: config.jwtLifetime }).decorator.jwt,
);

/** Who is signing in, as Settings › Sessions will show it. */
export interface SignInClient {
  userAgent: string;
  ip: string | null;
}

export const signInClientOf = (request: Request, server: Parameters<typeof clientIp>[0]): SignInClient => ({
  userAgent: request.headers.get("user-agent") ?? "",
  ip: clientIp(server, request),
});

/**
 * A new session for `grant` from `client`: its record (credentials.ts) and the token that carries its user, the
 * session version (`sv`) and the record's id (`sid`).
 */
export async function signSession(grant: SessionGrant, client: SignInClient): Promise<string> {
  const sid = await startSession(grant.user.id, client.userAgent, client.ip);
  return sessionTokens().sign({ sub: grant.user.id, sv: grant.sessionVersion, sid });
}

interface VerifiedSession {
  sub: string;
  /** The user's session version when it was signed (tokens from before versions carry none: 0). */
  sv: number;
  /** Its session record (tokens from before records carry none: they end only with their version). */
  sid: string | null;
}

/** Tokens already verified, with their session and expiry: checking a signature costs more than answering a cached list. */
const verified = new Map<string, VerifiedSession & { expiresAt: number }>();
const MAX_VERIFIED = 10_000;

async function verifySession(token: string): Promise<VerifiedSession | null> {
  const payload = await sessionTokens().verify(token);
  if (!payload || typeof payload.sub !== "string") return null;
  const session = {
    sub: payload.sub,
    sv: typeof payload.sv === "number" ? payload.sv : 0,
    sid: typeof payload.sid === "string" ? payload.sid : null,
  };
  if (verified.size >= MAX_VERIFIED) verified.clear();
  if (typeof payload.exp === "number") verified.set(token, { ...session, expiresAt: payload.exp * 1000 });
  return session;
}

function knownSession(token: string): VerifiedSession | undefined {
  const known = verified.get(token);
  return known && known.expiresAt > Date.now() ? known : undefined;
}

/**
 * The user id a session token names, when the token was verified before and has not expired: null when
 * anonymous, undefined when the token is not known verified, so the caller takes the way that verifies it
 * (`callerOf`). It does not read the user: callers needing more than the id (the role) look it up.
 */
export function verifiedSubjectOf(headers: RequestHeaders): string | null | undefined {
  const presented = presentedBy(headers);
  if (!presented) return null;
  return knownSession(presented.token)?.sub;
}

/**
 * callerOf's viewer for a token this process has verified before, undefined for any other (the way of kept answers, which
 * must not cost a signature check): null when anonymous or when the session has ended.
 */
export async function verifiedViewerOf(headers: RequestHeaders): Promise<Viewer | null | undefined> {
  const presented = presentedBy(headers);
  if (!presented) return null;
  const session = knownSession(presented.token);
  return session && findSessionViewer(session.sub, session.sv, session.sid);
}

/** Who is calling, and how they proved it. */
export interface Caller {
  viewer: Viewer;
  credential: Credential;
}

/**
 * Who the request comes from, and with what: null when anonymous, the token is bad or expired, the user is gone or
 * has ended the session since it was signed, or the access token was revoked or has expired.
 */
export async function callerOf(headers: RequestHeaders): Promise<(Caller & { via: Presented["via"] }) | null> {
  const presented = presentedBy(headers);
  if (!presented) return null;
  const { token, via } = presented;
  if (isAccessToken(token)) {
    const access = await accessTokenOf(token);
    const viewer = access && (await findLiveViewer(access.userId));
    return viewer ? { viewer, via, credential: { kind: "token", tokenId: access.id, scopes: access.scopes } } : null;
  }
  const session = knownSession(token) ?? (await verifySession(token));
  const viewer = session && (await findSessionViewer(session.sub, session.sv, session.sid));
  return viewer ? { viewer, via, credential: { kind: "session", sessionId: session.sid } } : null;
}

/**
 * Refuses a request an access token's scopes do not cover (403), and one only a signed-in session may make. Sessions
 * pass: they may do all their user may.
 */
function checkScope(credential: Credential, request: Request): void {
  if (credential.kind !== "token") return;
  const needed = scopeNeeded(request.method, new URL(request.url).pathname);
  if (needed === "any") return;
  if (needed === "session") throw forbidden("An access token cannot manage sign-ins and tokens: sign in to do this");
  if (!credential.scopes.includes(needed)) throw forbidden(`This access token does not have the ${needed} scope`);
}

/** Whether the request carries a personal access token (which kept answers leave to the route). */
export const carriesAccessToken = (headers: RequestHeaders) => {
  const presented = presentedBy(headers);
  return presented !== null && isAccessToken(presented.token);
};

/**
 * The one access check for who is calling. Every route sees `viewer` (null when anonymous or the
 * token is bad) and `credential` (how they proved it); a change sent with the session cookie must come from this site
 * (session-cookie.ts, checkSameSite); `{ auth: true }` demands a user (401), `{ admin: true }` an ADMIN (401/403). Each puts its
 * security requirement on the route's OpenAPI operation, so the document says which routes need a token.
 */
export const authGuard = new Elysia({ name: "auth-guard" })
  .derive({ as: "global" }, async ({ request, server }): Promise<{ viewer: Viewer | null; credential: Credential | null }> => {
    const caller = await callerOf(request.headers);
    if (!caller) return { viewer: null, credential: null };
    // A cookie goes with every request the browser makes to this site, whichever site asked it to.
    if (caller.via === "cookie") checkSameSite(request);
    checkScope(caller.credential, request);
    if (caller.credential.kind === "session" && caller.credential.sessionId) {
      sessionSeen(caller.credential.sessionId, clientIp(server, request));
    }
    return { viewer: caller.viewer, credential: caller.credential };
  })
  .macro({
    auth: {
      detail: { security: sessionRequired },
      resolve: ({ viewer }) => {
        if (!viewer) throw unauthorized();
        return { user: viewer };
      },
    },
    admin: {
      detail: { security: adminRequired },
      resolve: ({ viewer }) => {
        if (!viewer) throw unauthorized();
        if (viewer.role !== "ADMIN") throw forbidden("Admin access required");
        return { user: viewer };
      },
    },
  });
