import { expect, test } from "bun:test";
import { call, signUp } from "../support/api";
import { setUpApp } from "../support/in-process-app";

const live = setUpApp({ env: { JWT_LIFETIME: "2s", JWT_SECRET: "a-fixed-secret-for-this-test-0123456789" } });

test("a token stops working once JWT_LIFETIME has passed", async () => {
  const session = await signUp(live.server);
  expect((await call(live.server, "GET", "/auth/me", { token: session.token })).status).toBe(200);
  await Bun.sleep(3_100);
  const expired = await call<{ message: string }>(live.server, "GET", "/auth/me", { token: session.token });
  expect(expired.status).toBe(401);
  expect(expired.body.message).toBe("Authentication required");
});

test("a token signed with another secret is refused", async () => {
  const session = await signUp(live.server);
  const [header, payload] = session.token.split(".");
  const forged = `${header}.${payload}.${"A".repeat(43)}`;
  expect((await call(live.server, "GET", "/auth/me", { token: forged })).status).toBe(401);
});
