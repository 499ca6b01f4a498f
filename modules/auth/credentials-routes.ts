import { Elysia, t } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { createAccessToken, endSession, listAccessTokens, listSessions, revokeAccessToken } from "./credentials";
import { authGuard } from "./guard";
import { AccessTokenSummary, NewAccessToken, NewAccessTokenBody, SessionSummary } from "./model";

const Done = t.Object({ success: t.Boolean() });
const ById = t.Object({ id: t.String() });

/**
 * Issue 39: personal access tokens (Settings › Tokens) and signed-in sessions (Settings › Sessions). Only a signed-in
 * session manages either: an access token is refused these routes (modules/auth/scopes.ts).
 */
export const credentialsRoutes = new Elysia({ name: "module.auth.credentials" })
  .use(authGuard)
  .post(
    "/tokens",
    async ({ user, body, set }) => {
      set.status = 201;
      set.headers["cache-control"] = "no-store";
      return createAccessToken(user, body);
    },
    {
      auth: true,
      body: NewAccessTokenBody,
      response: { 201: NewAccessToken, ...refusals(400) },
      detail: {
        summary: "Make a personal access token",
        description:
          "Makes a token for scripts and API clients with a name, scopes (`read`, `write`, `upload`; `admin` for admins) " +
          "and an optional expiry. The reply's `token` is the only time the token is shown: only its hash is kept. Send " +
          "it as `Authorization: Bearer <token>`; a request outside its scopes answers 403.",
      },
    },
  )
  .get("/tokens", ({ user }) => listAccessTokens(user.id), {
    auth: true,
    response: t.Array(AccessTokenSummary),
    detail: { summary: "The signed-in user's access tokens (never the tokens themselves)" },
  })
  .delete(
    "/tokens/:id",
    async ({ user, params }) => {
      await revokeAccessToken(user.id, params.id);
      return { success: true };
    },
    {
      auth: true,
      params: ById,
      response: { 200: Done, ...refusals(404) },
      detail: { summary: "Revoke one of the signed-in user's access tokens" },
    },
  )
  .get(
    "/sessions",
    ({ user, credential }) => listSessions(user.id, credential?.kind === "session" ? credential.sessionId : null),
    {
      auth: true,
      response: t.Array(SessionSummary),
      detail: {
        summary: "Where the signed-in user is signed in",
        description:
          "Each signed-in browser or app: what its user agent says it is, when it signed in, when and from where it was last seen.",
      },
    },
  )
  .delete(
    "/sessions/:id",
    async ({ user, params }) => {
      await endSession(user.id, params.id);
      return { success: true };
    },
    {
      auth: true,
      params: ById,
      response: { 200: Done, ...refusals(404) },
      detail: { summary: "Sign one of the signed-in user's sessions out (this one too, when named)" },
    },
  );
