import { Elysia, t } from "elysia";
import { unauthorized } from "../../../src/server/errors";
import { addCookie } from "../../../src/server/http/set-cookie";
import { refusals } from "../../../src/server/openapi/refusals";
import { Session } from "../model";
import { findSessionViewer } from "../service";
import { sessionOf } from "../session-reply";
import { clearCookie } from "./cookies";
import { callback, handover, type Redirect, start } from "./flow";

/** A 303 to `location` that sets `cookies`; never cached, as each carries a one-time state. */
function redirectResponse({ location, cookies }: Redirect): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

const redirectReply = (description: string) => ({
  303: {
    description,
    headers: { location: { schema: { type: "string" as const } }, "set-cookie": { schema: { type: "string" as const } } },
  },
  404: { description: "Sign-in with OIDC is not configured (OIDC_ISSUER unset)" },
});

/** docs/security.md, "Sign in with OIDC": the provider's round trip and the hand-over of the session to the page. */
export const oidcRoutes = new Elysia({ name: "module.auth.oidc", prefix: "/oidc", detail: { tags: ["Auth"] } })
  .get("/start", async ({ query }) => redirectResponse(await start(query.next)), {
    query: t.Object({ next: t.Optional(t.String()) }),
    detail: {
      summary: "Sign in with the OIDC provider",
      description:
        "Sends the browser to the provider (authorization code with PKCE, state and nonce kept in a short-lived signed " +
        "cookie). `next` is the page to return to. When the provider cannot be reached, back to " +
        "`/login?oidc_error=unavailable`.",
      responses: redirectReply("To the provider's authorization endpoint, or to /login with `oidc_error`"),
    },
  })
  .get("/callback", async ({ request }) => redirectResponse(await callback(request)), {
    detail: {
      summary: "Where the provider sends the browser back",
      description:
        "Checks the state, trades the code (with the PKCE verifier) for tokens and checks the ID token, then signs in: " +
        "to `/login?oidc=done`, whose page takes the session with POST /api/auth/oidc/session. Otherwise to " +
        "`/login?oidc_error=` one of unavailable, retry, failed, cancelled, link, unverified, no-email, invite.",
      responses: redirectReply("To /login, with `oidc=done` or `oidc_error`"),
    },
  })
  .post(
    "/session",
    async ({ request, server, set }) => {
      const grant = handover(request);
      addCookie(set, clearCookie("handover"));
      set.headers["cache-control"] = "no-store";
      // The handover names no session record yet: it checks the user's session version alone, then starts one.
      const user = grant && (await findSessionViewer(grant.sub, grant.sv, null));
      if (!user) throw unauthorized("Your sign-in has expired. Please sign in again.");
      return sessionOf({ user, sessionVersion: grant.sv }, { request, server, set });
    },
    {
      response: { 200: Session, ...refusals(404) },
      detail: {
        summary: "The session of a sign-in with OIDC",
        description:
          "Answers the session the callback finished, from its short-lived httpOnly cookie (which this removes), so no " +
          "session ever travels in a URL. 401 without one.",
      },
    },
  );
