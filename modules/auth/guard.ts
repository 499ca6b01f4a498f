import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import { config } from "../../src/server/config";
import { forbidden, unauthorized } from "../../src/server/errors";
import { findViewer, type Viewer } from "./service";

/** The token from `Authorization: Bearer …`, or from `?token=` (media URLs in <audio>/<img>). */
function tokenOf(authorization: string | undefined, query: Record<string, unknown>): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (match) return match[1] as string;
  return typeof query.token === "string" && query.token ? query.token : null;
}

export const jwtPlugin = jwt({ name: "jwt", secret: config.jwtSecret, exp: config.jwtLifetime });

/**
 * The one access check for who is calling. Every route sees `viewer` (null when anonymous or the
 * token is bad); `{ auth: true }` demands a user (401), `{ admin: true }` an ADMIN (401/403).
 */
export const authGuard = new Elysia({ name: "auth-guard" })
  .use(jwtPlugin)
  .derive({ as: "global" }, async ({ headers, query, jwt }): Promise<{ viewer: Viewer | null }> => {
    const token = tokenOf(headers.authorization, query);
    if (!token) return { viewer: null };
    const payload = await jwt.verify(token);
    if (!payload || typeof payload.sub !== "string") return { viewer: null };
    return { viewer: findViewer(payload.sub) };
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
