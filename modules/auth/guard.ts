import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import { config } from "../../src/server/config";
import { forbidden, unauthorized } from "../../src/server/errors";
import { findViewer, type Viewer } from "./service";

/**
 * The session token from `Authorization: Bearer …`, and only from there: a session in a URL would end
 * up in histories, logs and shared links. Media URLs carry short-lived media tokens instead
 * (modules/media/token.ts), which are never sessions.
 */
function tokenOf(authorization: string | undefined): string | null {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

export const jwtPlugin = jwt({ name: "jwt", secret: config.jwtSecret, exp: config.jwtLifetime });

/**
 * The one access check for who is calling. Every route sees `viewer` (null when anonymous or the
 * token is bad); `{ auth: true }` demands a user (401), `{ admin: true }` an ADMIN (401/403).
 */
export const authGuard = new Elysia({ name: "auth-guard" })
  .use(jwtPlugin)
  .derive({ as: "global" }, async ({ headers, jwt }): Promise<{ viewer: Viewer | null }> => {
    const token = tokenOf(headers.authorization);
    if (!token) return { viewer: null };
    const payload = await jwt.verify(token);
    if (!payload || typeof payload.sub !== "string") return { viewer: null };
    return { viewer: await findViewer(payload.sub) };
  })
  .macro({
    auth: {
      resolve: ({ viewer }) => {
        if (!viewer) throw unauthorized();
        return { user: viewer };
      },
    },
    admin: {
      resolve: ({ viewer }) => {
        if (!viewer) throw unauthorized();
        if (viewer.role !== "ADMIN") throw forbidden("Admin access required");
        return { user: viewer };
      },
    },
  });
