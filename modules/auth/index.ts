import { Elysia, t } from "elysia";
import { clientIp } from "../../src/server/client-ip";
import { authGuard, signSession, verifiedSubjectOf, verifiedViewerOf } from "./guard";
import {
  AccountChanges,
  ChangePasswordBody,
  Credentials,
  PasswordBody,
  PasswordResetBody,
  Profile,
  Session,
  SignupBody,
  UserSummary,
} from "./model";
import * as auth from "./service";

/** The guard every module mounts for `viewer`, `{ auth: true }` and `{ admin: true }`. */
export { authGuard, verifiedSubjectOf, verifiedViewerOf };

const sessionOf = async (grant: auth.SessionGrant) => ({ token: await signSession(grant), user: grant.user });

/** SPEC §7 Auth. Field rules and messages are SPEC §5's, checked in the service. */
export const authModule = new Elysia({ name: "module.auth", prefix: "/auth", detail: { tags: ["Auth"] } })
  .use(authGuard)
  .post(
    "/login",
    async ({ body, request, server }) => sessionOf(await auth.login(body.email, body.password, clientIp(server, request))),
    {
      body: Credentials,
      response: Session,
    },
  )
  .post(
    "/signup",
    async ({ body, set }) => {
      const grant = await auth.signup(body);
      set.status = 201;
      return sessionOf(grant);
    },
    {
      body: SignupBody,
      response: { 201: Session },
    },
  )
  .post(
    "/request-early-access",
    async ({ body }) => {
      await auth.requestEarlyAccess(body.email);
      return { success: true };
    },
    { body: t.Object({ email: t.String() }), response: t.Object({ success: t.Boolean() }) },
  )
  .get("/me", ({ user }) => auth.profileOf(user), { auth: true, response: Profile })
  .patch("/me", ({ user, body }) => auth.changeAccount(user, body), {
    auth: true,
    body: AccountChanges,
    response: Profile,
    detail: {
      description:
        "Changes the signed-in user's profile (display name, bio) and e-mail address; a new address needs the current password.",
    },
  })
  .post(
    "/password",
    async ({ user, body }) => sessionOf(await auth.changePassword(user, body.currentPassword, body.newPassword)),
    {
      auth: true,
      body: ChangePasswordBody,
      response: Session,
      detail: { description: "Changes the password; every other session ends, and this one continues with the new token." },
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
      detail: { description: "Sets a new password with a reset link's token; the link works once, and every session ends." },
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
        description:
          "Asks for a reset link: mailed to the account's address with SMTP_URL set, else every admin is told to make one. " +
          "The answer is the same whether the address has an account or not.",
      },
    },
  )
  .post(
    "/logout-everywhere",
    async ({ user, body }) => {
      await auth.endAllSessions(user, body.password);
      return { success: true };
    },
    {
      auth: true,
      body: PasswordBody,
      response: t.Object({ success: t.Boolean() }),
      detail: { description: "Ends every session of the signed-in user, this one included, once the password is confirmed." },
    },
  )
  // With ?email= it answers the one user owning that exact address (the share form's look-up);
  // e-mails of others are never listed.
  .get("/users", async ({ user, query }) => (await auth.listUsers(query.email)).filter((other) => other.id !== user.id), {
    auth: true,
    query: t.Object({ email: t.Optional(t.String()) }),
    response: t.Array(UserSummary),
  });
