import { callerOf, type RequestHeaders } from "./guard";
import type { Profile } from "./model";
import { profileOf } from "./service";
import { clearedSessionCookie, cookieToken } from "./session-cookie";

/**
 * Who a page is rendered for (issue 39): the signed-in user a browser session names (the cookie, or a session token
 * in the header), with their profile, or null for anyone else. A personal access token is for scripts and the API,
 * not for pages: its bearer gets the visitor's page.
 */
export async function pageViewerOf(headers: RequestHeaders): Promise<Profile | null> {
  const caller = await callerOf(headers);
  return caller?.credential.kind === "session" ? profileOf(caller.viewer) : null;
}

/**
 * The Set-Cookie value that removes a session cookie naming no session (ended, expired, or never one), so the browser
 * stops sending it and gets the pages kept for visitors again; null when the request has no session cookie.
 */
export const deadSessionCookie = (request: Request): string | null =>
  cookieToken(request.headers.get("cookie")) ? clearedSessionCookie(request) : null;
