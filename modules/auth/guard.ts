import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import { forbidden, unauthorized } from "../../src/server/errors";
import { clientIp } from "../../src/server/http/client-ip";
import { adminRequired, sessionRequired } from "../../src/server/openapi/security";
import { perRuntime } from "../../src/server/runtime";
import { accessTokenOf, type Credential, isAccessToken, sessionSeen, startSession } from "./credentials";
import { scopeNeeded } from "./scopes";
import { findLiveViewer, findSessionViewer, type SessionGrant, type Viewer } from "./service";

/**
 * The session token from `Authorization: Bearer …`, and only from there: a session in a URL would end
 * up in histories, logs and shared links. Media URLs carry short-lived media tokens instead
 * (src/server/http/media-token.ts), which are never sessions.
 */
function tokenOf(authorization: string | undefined): string | null {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

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
 * (`viewerOf`). It does not read the user: callers needing more than the id (the role) look it up.
 */
export function verifiedSubjectOf(authorization: string | null | undefined): string | null | undefined {
  const token = tokenOf(authorization ?? undefined);
  if (!token) return null;
  return knownSession(token)?.sub;
}

/**
 * viewerOf for a token this process has verified before, undefined for any other (the way of kept answers, which
 * must not cost a signature check): null when anonymous or when the session has ended.
 */
export async function verifiedViewerOf(authorization: string | null | undefined): Promise<Viewer | null | undefined> {
  const token = tokenOf(authorization ?? undefined);
  if (!token) return null;
  const session = knownSession(token);
  return session && findSessionViewer(session.sub, session.sv, session.sid);
}

/** Who is calling, and how they proved it. */
export interface Caller {
  viewer: Viewer;
  credential: Credential;
}

/**
 * Who sends `Authorization: <authorization>`, and with what: null when anonymous, the token is bad or expired, the
 * user is gone or has ended the session since it was signed, or the access token was revoked or has expired.
 */
export async function callerOf(authorization: string | null | undefined): Promise<Caller | null> {
  const token = tokenOf(authorization ?? undefined);
  if (!token) return null;
  if (isAccessToken(token)) {
    const access = await accessTokenOf(token);
    const viewer = access && (await findLiveViewer(access.userId));
    return viewer ? { viewer, credential: { kind: "token", tokenId: access.id, scopes: access.scopes } } : null;
  }
  const session = knownSession(token) ?? (await verifySession(token));
  const viewer = session && (await findSessionViewer(session.sub, session.sv, session.sid));
  return viewer ? { viewer, credential: { kind: "session", sessionId: session.sid } } : null;
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

/** Whether `Authorization: <authorization>` carries a personal access token (which kept answers leave to the route). */
export const carriesAccessToken = (authorization: string | null | undefined) => {
  const token = tokenOf(authorization ?? undefined);
  return token !== null && isAccessToken(token);
};

/**
 * The one access check for who is calling. Every route sees `viewer` (null when anonymous or the
 * token is bad); `{ auth: true }` demands a user (401), `{ admin: true }` an ADMIN (401/403). Each puts its
 * security requirement on the route's OpenAPI operation, so the document says which routes need a token.
 */
export const authGuard = new Elysia({ name: "auth-guard" })
  .derive(
    { as: "global" },
    async ({ headers, request, server }): Promise<{ viewer: Viewer | null; credential: Credential | null }> => {
      const caller = await callerOf(headers.authorization);
      if (!caller) return { viewer: null, credential: null };
      checkScope(caller.credential, request);
      if (caller.credential.kind === "session" && caller.credential.sessionId) {
        sessionSeen(caller.credential.sessionId, clientIp(server, request));
      }
      return caller;
    },
  )
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
