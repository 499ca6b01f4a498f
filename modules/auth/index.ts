import { Elysia, t } from "elysia";
import { clientIp } from "../../src/server/client-ip";
import { authGuard, jwtPlugin, verifiedSubjectOf } from "./guard";
import { Credentials, Session, SignupBody, User, UserSummary } from "./model";
import * as auth from "./service";

/** The guard every module mounts for `viewer`, `{ auth: true }` and `{ admin: true }`. */
export { authGuard, verifiedSubjectOf };

/** SPEC §7 Auth. Field rules and messages are SPEC §5's, checked in the service. */
export const authModule = new Elysia({ name: "module.auth", prefix: "/auth", detail: { tags: ["Auth"] } })
  .use(jwtPlugin)
  .use(authGuard)
  .post(
    "/login",
    async ({ body, jwt, request, server }) => {
      const user = await auth.login(body.email, body.password, clientIp(server, request));
      return { token: await jwt.sign({ sub: user.id }), user };
    },
    { body: Credentials, response: Session },
  )
  .post(
    "/signup",
    async ({ body, jwt, set }) => {
      const user = await auth.signup(body);
      set.status = 201;
      return { token: await jwt.sign({ sub: user.id }), user };
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
  .get("/me", ({ user }) => user, { auth: true, response: User })
  // With ?email= it answers the one user owning that exact address (the share form's look-up);
  // e-mails of others are never listed.
  .get("/users", async ({ user, query }) => (await auth.listUsers(query.email)).filter((other) => other.id !== user.id), {
    auth: true,
    query: t.Object({ email: t.Optional(t.String()) }),
    response: t.Array(UserSummary),
  });
