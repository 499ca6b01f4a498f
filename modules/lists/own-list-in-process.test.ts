/**
 * GET /api/tracks (the signed-in user's own tracks) through the app in this process, as in-process API tests call
 * it: Elysia's own router once answered it 404 where a listening server found it (docs/upstream/elysia-prefix-root.md).
 */
import { expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";

const app = setUpApp();

test("the own-tracks list answers in-process, and refuses a visitor", async () => {
  const owner = await signUp(app.server);
  const own = await call<{ items: unknown[] }>(app.server, "GET", "/tracks", { token: owner.token });
  expect(own.status).toBe(200);
  expect(own.body.items).toEqual([]);
  expect((await call(app.server, "GET", "/tracks")).status).toBe(401);
});
