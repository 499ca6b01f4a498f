import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import { forbidden, unauthorized } from "../../src/server/errors";
import { adminRequired, sessionRequired } from "../../src/server/openapi/security";
import { perRuntime } from "../../src/server/runtime";
import { findSessionViewer, type SessionGrant, type Viewer } from "./service";

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

/** A session token for `grant`: its user and the session version it carries (`sv`). */
export const signSession = (grant: SessionGrant) => sessionTokens().sign({ sub: grant.user.id, sv: grant.sessionVersion });

interface VerifiedSession {
  sub: string;
  /** The user's session version when it was signed (tokens from before versions carry none: 0). */
  sv: number;
}

/** Tokens already verified, with their session and expiry: checking a signature costs more than answering a cached list. */
const verified = new Map<string, VerifiedSession & { expiresAt: number }>();
const MAX_VERIFIED = 10_000;

async function verifySession(token: string): Promise<VerifiedSession | null> {
  const payload = await sessionTokens().verify(token);
  if (!payload || typeof payload.sub !== "string") return null;
  const session = { sub: payload.sub, sv: typeof payload.sv === "number" ? payload.sv : 0 };
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
  return session && findSessionViewer(session.sub, session.sv);
}

/**
 * Who sends `Authorization: <authorization>`: null when anonymous, the token is bad or expired, the user is gone or
 * has ended the session since it was signed.
 */
export async function viewerOf(authorization: string | null | undefined): Promise<Viewer | null> {
  const token = tokenOf(authorization ?? undefined);
  if (!token) return null;
  const session = knownSession(token) ?? (await verifySession(token));
  return session ? findSessionViewer(session.sub, session.sv) : null;
}

/**
 * The one access check for who is calling. Every route sees `viewer` (null when anonymous or the
 * token is bad); `{ auth: true }` demands a user (401), `{ admin: true }` an ADMIN (401/403). Each puts its
 * security requirement on the route's OpenAPI operation, so the document says which routes need a token.
 */
export const authGuard = new Elysia({ name: "auth-guard" })
  .derive(
    { as: "global" },
    async ({ headers }): Promise<{ viewer: Viewer | null }> => ({
      viewer: await viewerOf(headers.authorization),
    }),
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
