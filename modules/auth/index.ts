import { Elysia, t } from "elysia";
import { streamedBody } from "../../src/server/http/body-limit";
import { clientIp } from "../../src/server/http/client-ip";
import { receiveMultipart } from "../../src/server/http/multipart";
import { addCookie } from "../../src/server/http/set-cookie";
import { withStagingFolder } from "../../src/server/infra/staging";
import { refusals } from "../../src/server/openapi/refusals";
import { formatFileSize } from "../../src/shared/file-size";
import { MAX_AVATAR_BYTES, removeAvatar, sendAvatar, setAvatar } from "./avatar";
import { endThisSession } from "./credentials";
import { credentialsRoutes } from "./credentials-routes";
import { authGuard, carriesAccessToken, presentsCredential, verifiedSubjectOf, verifiedViewerOf } from "./guard";
import { accountDeletionOf, deleteAccount } from "./leaving";
import {
  AccountChanges,
  AccountDeletion,
  ChangePasswordBody,
  Credentials,
  PasswordBody,
  PasswordResetBody,
  Profile,
  Session,
  SignupBody,
  UserSummary,
} from "./model";
import { linkAfterLogin } from "./oidc/accounts";
import { clearCookie } from "./oidc/cookies";
import { pendingLink } from "./oidc/flow";
import { oidcRoutes } from "./oidc/routes";
import * as auth from "./service";
import { bearerToken, clearedSessionCookie, cookieToken, sessionCookie } from "./session-cookie";
import { sessionOf } from "./session-reply";

/** Who a page is rendered for. */
export { deadSessionCookie, pageViewerOf } from "./page-viewer";
/** The browser session cookie's name. */
export { SESSION_COOKIE } from "./session-cookie";
/** The guard every module mounts for `viewer`, `{ auth: true }` and `{ admin: true }`. */
export { authGuard, carriesAccessToken, presentsCredential, verifiedSubjectOf, verifiedViewerOf };

/** The one part of PUT /me/avatar. */
const AVATAR_LIMITS = {
  files: { avatar: { max: 1, tooMany: "Send one avatar image" } },
  maxBytes: MAX_AVATAR_BYTES,
  maxFieldBytes: 1024,
};

/** SPEC §7 Auth. Field rules and messages are SPEC §5's, checked in the service. */
export const authModule = new Elysia({ name: "module.auth", prefix: "/auth", detail: { tags: ["Auth"] } })
  .use(authGuard)
  .use(oidcRoutes)
  .use(credentialsRoutes)
  .post(
    "/login",
    async ({ body, request, server, set }) => {
      const grant = await auth.login(body.email, body.password, clientIp(server, request));
      // A sign-in with OIDC found this account by its address and waits for its password to tie the two (docs/security.md, "Linking").
      const link = pendingLink(request);
      if (link) {
        await linkAfterLogin(grant.user.id, link);
        addCookie(set, clearCookie("link"));
      }
      return sessionOf(grant, { request, server, set });
    },
    {
      body: Credentials,
      response: { 200: Session, ...refusals(401, 429) },
      detail: {
        summary: "Sign in with e-mail and password; answers the session token",
        description:
          "Signs in with e-mail and password. When a sign-in with OIDC is waiting to be linked to this account (its " +
          "cookie), the provider's account is tied to it from now on.",
      },
    },
  )
  .post(
    "/signup",
    async ({ body, request, server, set }) => {
      const grant = await auth.signup(body);
      set.status = 201;
      return sessionOf(grant, { request, server, set });
    },
    {
      detail: { summary: "Create an account; answers the session token" },
      body: SignupBody,
      response: { 201: Session, ...refusals(409) },
    },
  )
  .post(
    "/request-early-access",
    async ({ body }) => {
      await auth.requestEarlyAccess(body.email);
      return { success: true };
    },
    {
      detail: { summary: "Ask for an account while registration is by invitation" },
      body: t.Object({ email: t.String() }),
      response: t.Object({ success: t.Boolean() }),
    },
  )
  .get("/me", ({ user }) => auth.profileOf(user), {
    detail: { summary: "The signed-in user's profile" },
    auth: true,
    response: Profile,
  })
  .patch("/me", ({ user, body }) => auth.changeAccount(user, body), {
    auth: true,
    body: AccountChanges,
    response: Profile,
    detail: {
      summary: "Change the signed-in user's profile or e-mail address",
      description:
        "Changes the signed-in user's profile (display name, bio) and e-mail address; a new address needs the current password.",
    },
  })
  .get("/me/deletion", ({ user }) => accountDeletionOf(user), {
    auth: true,
    response: AccountDeletion,
    detail: { summary: "What deleting the signed-in user's account would delete (for the confirm dialog)" },
  })
  .delete(
    "/me",
    async ({ user, body, request, set }) => {
      await deleteAccount(user, body.password);
      addCookie(set, clearedSessionCookie(request));
      return { success: true };
    },
    {
      auth: true,
      body: PasswordBody,
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "Delete the signed-in user's account",
        description:
          "With the password: every session ends, the user's tracks are deleted (their files after the deletion grace " +
          "period; forks others made keep playing), shares with them end, and their username and e-mail address are " +
          "freed once the grace period is over. The last admin cannot delete their account (409).",
      },
    },
  )
  .put(
    "/me/avatar",
    ({ user, request }) =>
      withStagingFolder(async (folder) => {
        const { files } = await receiveMultipart(request, folder, AVATAR_LIMITS);
        return setAvatar(user, files.avatar?.[0], folder);
      }),
    {
      auth: true,
      // Streamed to disk under its own limit, like an upload, rather than parsed into memory.
      ...streamedBody,
      response: Profile,
      detail: {
        summary: "Set the signed-in user's avatar",
        description: `Multipart with one file part \`avatar\`: a JPEG, PNG or WebP image of at most ${formatFileSize(MAX_AVATAR_BYTES)}, checked like cover art and kept as square WebP renditions.`,
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: { type: "object", properties: { avatar: { type: "string", format: "binary" } }, required: ["avatar"] },
            },
          },
        },
      },
    },
  )
  .delete("/me/avatar", ({ user }) => removeAvatar(user), {
    auth: true,
    response: Profile,
    detail: { summary: "Remove the signed-in user's avatar" },
  })
  .get("/users/:id/avatar", ({ request, params, query }) => sendAvatar(request, params.id, query.size), {
    params: t.Object({ id: t.String() }),
    query: t.Object({ size: t.Optional(t.Union([t.Literal("small"), t.Literal("large")])) }),
    detail: {
      summary: "A user's avatar (square WebP: `small` 96 px, the default, or `large` 400 px)",
      responses: {
        200: { description: "The image", content: { "image/webp": { schema: { type: "string", format: "binary" } } } },
        304: { description: "The client's copy is current" },
        404: { description: "The user has no avatar" },
      },
    },
  })
  .post(
    "/password",
    async ({ user, body, request, server, set }) =>
      sessionOf(await auth.changePassword(user, body.currentPassword, body.newPassword), { request, server, set }),
    {
      auth: true,
      body: ChangePasswordBody,
      response: Session,
      detail: {
        summary: "Change the signed-in user's password",
        description: "Changes the password; every other session ends, and this one continues with the new token.",
      },
    },
  )
  .post(
    "/password-reset",
    async ({ body }) => {
      await auth.resetPassword(body.token, body.password);
      return { success: true };
    },
    {
      body: PasswordResetBody,
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "Set a new password with a reset link's token",
        description: "Sets a new password with a reset link's token; the link works once, and every session ends.",
      },
    },
  )
  .post(
    "/password-reset/request",
    async ({ body, request, server }) => {
      await auth.requestPasswordReset(body.email, clientIp(server, request));
      return { success: true };
    },
    {
      body: t.Object({ email: t.String() }),
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "Ask for a password reset link",
        description:
          "Asks for a reset link: mailed to the account's address with SMTP_URL set, else every admin is told to make one. " +
          "The answer is the same whether the address has an account or not.",
      },
    },
  )
  .post(
    "/logout",
    async ({ viewer, credential, request, set }) => {
      if (viewer && credential?.kind === "session" && credential.sessionId) await endThisSession(viewer.id, credential.sessionId);
      addCookie(set, clearedSessionCookie(request));
      return { success: true };
    },
    {
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "Sign this session out",
        description:
          "Ends the session the request comes with (its token stops working) and removes the browser's session " +
          "cookie. Without a session it only removes the cookie.",
      },
    },
  )
  .post(
    "/session-cookie",
    ({ request, set, credential }) => {
      // A session presented by cookie already is set again, as it is: the same session, for its remaining lifetime.
      const token = bearerToken(request.headers.get("authorization")) ?? cookieToken(request.headers.get("cookie"));
      if (token && credential?.kind === "session") addCookie(set, sessionCookie(request, token));
      return { success: true };
    },
    {
      auth: true,
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "Move a browser's session token into its cookie",
        description:
          "For browsers signed in before sessions lived in a cookie: sent once with the token the page kept in " +
          "`Authorization: Bearer`, it sets the httpOnly session cookie to that same session, which goes on unchanged.",
      },
    },
  )
  .post(
    "/logout-everywhere",
    async ({ user, body, request, set }) => {
      await auth.endAllSessions(user, body.password);
      addCookie(set, clearedSessionCookie(request));
      return { success: true };
    },
    {
      auth: true,
      body: PasswordBody,
      response: t.Object({ success: t.Boolean() }),
      detail: {
        summary: "End every session of the signed-in user",
        description: "Ends every session of the signed-in user, this one included, once the password is confirmed.",
      },
    },
  )
  // With ?email= it answers the one user owning that exact address (the share form's look-up);
  // e-mails of others are never listed.
  .get("/users", async ({ user, query }) => (await auth.listUsers(query.email)).filter((other) => other.id !== user.id), {
    detail: { summary: "Other users to share with, by e-mail address" },
    auth: true,
    query: t.Object({ email: t.Optional(t.String()) }),
    response: t.Array(UserSummary),
  });
