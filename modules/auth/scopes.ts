import type { AccessTokenScope } from "../../src/shared/access-token-scopes";

/**
 * What an access token needs to make a request (src/shared/access-token-scopes.ts says what each scope means), by its
 * method and path under /api: `admin` for the admin routes, `upload` for those that send audio, `write` for other
 * changes, `read` for the rest. "session": no token may make it, only a signed-in session: the routes that manage
 * credentials (a token cannot make tokens, change the password or delete the account). "any": the routes that never
 * ask who is calling (health and the API's documents), whatever credential comes along.
 */
export function scopeNeeded(method: string, path: string): AccessTokenScope | "session" | "any" {
  if (SESSION_ONLY.some(([m, pattern]) => m === method && pattern.test(path))) return "session";
  if (method === "GET" && ANYONE.test(path)) return "any";
  if (path.startsWith("/api/admin/") || path === "/api/admin") return "admin";
  if (UPLOADS.some(([m, pattern]) => (m === "*" || m === method) && pattern.test(path))) return "upload";
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return "read";
  if (READS_SENT_AS_POST.some((pattern) => pattern.test(path))) return "read";
  return "write";
}

const ANYONE = /^\/api\/(health|openapi\.json|docs(\/[^/]+)?)$/;

const SESSION_ONLY: [string, RegExp][] = [
  ["POST", /^\/api\/auth\/password$/],
  ["POST", /^\/api\/auth\/logout-everywhere$/],
  ["POST", /^\/api\/auth\/session-cookie$/],
  ["DELETE", /^\/api\/auth\/me$/],
  ["GET", /^\/api\/auth\/(tokens|sessions)$/],
  ["POST", /^\/api\/auth\/(tokens|sessions)$/],
  ["DELETE", /^\/api\/auth\/(tokens|sessions)\/[^/]+$/],
];

/** Routes that send audio: a new track, a fork's replaced audio, a stem, and every step of a resumable upload. */
const UPLOADS: [string, RegExp][] = [
  ["POST", /^\/api\/track$/],
  ["PATCH", /^\/api\/track\/[^/]+\/audio$/],
  ["POST", /^\/api\/track\/[^/]+\/stem$/],
  ["*", /^\/api\/uploads(\/[^/]+)?$/],
];

/** POSTs that change nothing of anyone's: a media link, the event stream's ticket, a play or download counted. */
const READS_SENT_AS_POST = [/^\/api\/media\/presign$/, /^\/api\/events\/token$/, /^\/api\/track\/[^/]+(\/stem\/[^/]+)?\/usage$/];
