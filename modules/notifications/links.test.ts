/**
 * Each notification opens what it is about: its `link` is the page of its object, and never a page its reader
 * cannot open (a private fork sends the original's owner to the original, whose fork tree counts it).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";
import type { NotificationPage } from "./model";

const live = setUpServer();
let admin: Session;
let alice: Session;
let bob: Session;
let undertow: string;

/** The newest notification of a user. */
async function newest(session: Session) {
  const page = await call<NotificationPage>(live.server, "GET", "/notifications?limit=1", { token: session.token });
  expect(page.status).toBe(200);
  return page.body.items[0];
}

beforeAll(async () => {
  admin = await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  undertow = await createTrack(live.server, alice.token, { original: "bad/CON.wav", data: { title: "Undertow" } });
  await waitForProcessing(live.server, alice.token, undertow);
}, 120_000);

describe("notification links", () => {
  test("a public fork's notification opens the fork", async () => {
    const fork = await call<{ id: string }>(live.server, "POST", `/track/${undertow}/fork`, {
      token: bob.token,
      body: { title: "Undertow (Fork)", isPublic: true },
    });
    expect(fork.status).toBe(201);
    const told = await newest(alice);
    expect(told?.message).toBe(`${bob.user.username} forked "Undertow".`);
    expect(told?.link).toBe(`/track/${fork.body.id}`);
    expect((await call(live.server, "GET", `/track/${fork.body.id}`, { token: alice.token })).status).toBe(200);
  });

  test("a private fork's notification opens the original, not a page its reader would get a 404 from", async () => {
    const fork = await call<{ id: string }>(live.server, "POST", `/track/${undertow}/fork`, {
      token: bob.token,
      body: { title: "Secret take", isPublic: false },
    });
    expect(fork.status).toBe(201);
    expect((await call(live.server, "GET", `/track/${fork.body.id}`, { token: alice.token })).status).toBe(404);
    expect((await newest(alice))?.link).toBe(`/track/${undertow}`);
  });

  test("a share opens the shared track", async () => {
    const shared = await call(live.server, "POST", `/track/${undertow}/share`, {
      token: alice.token,
      body: { userIds: [bob.user.id] },
    });
    expect(shared.status).toBe(200);
    const told = await newest(bob);
    expect(told?.title).toBe("Track shared with you");
    expect(told?.link).toBe(`/track/${undertow}`);
  });

  test("an early-access request opens the admins' Users screen, where requests wait", async () => {
    const asked = await call(live.server, "POST", "/auth/request-early-access", { body: { email: "links@example.com" } });
    expect(asked.status).toBe(200);
    const told = await newest(admin);
    expect([told?.type, told?.link]).toEqual(["early-access-request", "/admin/users"]);
  });

  test("marking read keeps the link", async () => {
    const told = await newest(bob);
    const read = await call<{ link: string | null }>(live.server, "POST", `/notifications/${told?.id}/read`, {
      token: bob.token,
    });
    expect([read.status, read.body.link]).toEqual([200, `/track/${undertow}`]);
  });
});
