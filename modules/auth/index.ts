import { Elysia, t } from "elysia";
import { authGuard, jwtPlugin } from "./guard";
import * as auth from "./service";

/** The guard every module mounts for `viewer`, `{ auth: true }` and `{ admin: true }`. */
export { authGuard };

const User = t.Object({
  id: t.String(),
  email: t.String(),
  username: t.String(),
  role: t.Union([t.Literal("USER"), t.Literal("ADMIN")]),
});
const Session = t.Object({ token: t.String(), user: User });

/** SPEC §7 Auth. Field rules and messages are SPEC §5's, checked in the service. */
export const authModule = new Elysia({ name: "module.auth", prefix: "/auth", detail: { tags: ["Auth"] } })
  .use(jwtPlugin)
  .use(authGuard)
  .post(
    "/login",
    async ({ body, jwt, request, server }) => {
      const ip = server?.requestIP(request)?.address ?? "unknown";
      const user = await auth.login(body.email, body.password, ip);
      return { token: await jwt.sign({ sub: user.id }), user };
    },
    { body: t.Object({ email: t.String(), password: t.String() }), response: Session },
  )
  .post(
    "/signup",
    async ({ body, jwt, set }) => {
      const user = await auth.signup(body);
      set.status = 201;
      return { token: await jwt.sign({ sub: user.id }), user };
    },
    {
      body: t.Object({ email: t.String(), username: t.String(), password: t.String(), inviteCode: t.Optional(t.String()) }),
      response: { 201: Session },
    },
  )
  .post(
    "/request-early-access",
    ({ body }) => {
      auth.requestEarlyAccess(body.email);
      return { success: true };
    },
    { body: t.Object({ email: t.String() }), response: t.Object({ success: t.Boolean() }) },
  )
  .get("/me", ({ user }) => user, { auth: true, response: User })
  // With ?email= it answers the one user owning that exact address (the share form's look-up);
  // e-mails of others are never listed.
  .get("/users", ({ user, query }) => auth.listUsers(query.email).filter((other) => other.id !== user.id), {
    auth: true,
    query: t.Object({ email: t.Optional(t.String()) }),
    response: t.Array(t.Object({ id: t.String(), username: t.String() })),
  });
