import type { Server } from "bun";
import { addCookie, type Settable } from "../../src/server/http/set-cookie";
import { signInClientOf, signSession } from "./guard";
import type { SessionGrant } from "./service";
import { sessionCookie } from "./session-cookie";

/**
 * The login reply (SPEC §7): a new session for the user `grant` names, signed in from `request`, kept by the browser in
 * its httpOnly cookie (session-cookie.ts) and answered as `token` too, for API clients.
 */
export async function sessionOf(
  grant: SessionGrant,
  { request, server, set }: { request: Request; server: Server<unknown> | null; set: Settable },
) {
  const token = await signSession(grant, signInClientOf(request, server));
  addCookie(set, sessionCookie(request, token));
  return { token, user: grant.user };
}
