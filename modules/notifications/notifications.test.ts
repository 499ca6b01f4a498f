import { beforeAll, describe, expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { setUpApp } from "../../tests/support/in-process-app";
import type { Notification, NotificationPage } from "./model";

type Item = Notification;
type Page = NotificationPage;

const live = setUpApp();
let admin: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let requests = 0;

/** The real way a notification is made: an early-access request tells every admin. */
async function earlyAccessRequest(): Promise<void> {
  // createdAt has millisecond precision and ties fall back to random ids; keep the order checkable.
  await Bun.sleep(2);
  requests++;
  const res = await call(live.server, "POST", "/auth/request-early-access", { body: { email: `early${requests}@example.com` } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  admin = await signUp(live.server);
  other = await signUp(live.server);
});

describe("notifications", () => {
  test("every route needs a token", async () => {
    for (const [method, path] of [
      ["GET", "/notifications"],
      ["GET", "/notifications/unread-count"],
      ["POST", "/notifications/some-id/read"],
      ["POST", "/notifications/mark-all-read"],
    ] as const) {
      const res = await call<{ message: string }>(live.server, method, path);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Authentication required");
    }
  });

  test("list pages newest first with limit and offset; includeRead=false keeps unread only", async () => {
    for (let i = 0; i < 3; i++) await earlyAccessRequest();
    const all = await call<Page>(live.server, "GET", "/notifications?limit=2&offset=0", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.items[0]?.message).toBe("early3@example.com asked for early access.");
    expect(all.body.items[0]).toMatchObject({ title: "Early access request", type: "early-access-request", isRead: false });
    const rest = await call<Page>(live.server, "GET", "/notifications?limit=2&offset=2", { token: admin.token });
    expect(rest.body.items.map((item) => item.message)).toEqual(["early1@example.com asked for early access."]);

    const first = all.body.items[0] as Item;
    expect((await call(live.server, "POST", `/notifications/${first.id}/read`, { token: admin.token })).status).toBe(200);
    const unread = await call<Page>(live.server, "GET", "/notifications?includeRead=false", { token: admin.token });
    expect(unread.body.total).toBe(2);
    expect(unread.body.items.some((item) => item.id === first.id)).toBe(false);
    const count = await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: admin.token });
    expect(count.body.count).toBe(2);
  });

  test("another user neither sees nor marks someone else's notification (404)", async () => {
    await earlyAccessRequest();
    const mine = await call<Page>(live.server, "GET", "/notifications?includeRead=false", { token: admin.token });
    const target = mine.body.items[0] as Item;
    const theirs = await call<Page>(live.server, "GET", "/notifications", { token: other.token });
    expect(theirs.body).toEqual({ items: [], total: 0 });
    const attempt = await call<{ message: string }>(live.server, "POST", `/notifications/${target.id}/read`, {
      token: other.token,
    });
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe("Notification not found");
    const after = await call<Page>(live.server, "GET", "/notifications?includeRead=false", { token: admin.token });
    expect(after.body.items.some((item) => item.id === target.id)).toBe(true);
  });

  test("mark-all-read clears the unread count and leaves other users alone", async () => {
    await earlyAccessRequest();
    const res = await call<{ updated: number }>(live.server, "POST", "/notifications/mark-all-read", { token: other.token });
    expect(res.body.updated).toBe(0);
    const before = await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: admin.token });
    expect(before.body.count).toBeGreaterThan(0);
    const cleared = await call<{ updated: number }>(live.server, "POST", "/notifications/mark-all-read", { token: admin.token });
    expect(cleared.body.updated).toBe(before.body.count);
    const after = await call<{ count: number }>(live.server, "GET", "/notifications/unread-count", { token: admin.token });
    expect(after.body.count).toBe(0);
  });

  const LIMIT = "limit must be a whole number from 1 to 100";
  const OFFSET = "offset must be a whole number of at least 0";
  const INCLUDE_READ = "includeRead must be true or false";
  test.each([
    ["limit=0", LIMIT],
    ["limit=101", LIMIT],
    ["limit=2.5", LIMIT],
    ["limit=x", LIMIT],
    ["offset=-1", OFFSET],
    ["offset=1.5", OFFSET],
    ["offset=x", OFFSET],
    ["includeRead=maybe", INCLUDE_READ],
  ])("bad query %s is a 400 saying %s", async (query, message) => {
    const res = await call<{ message: string }>(live.server, "GET", `/notifications?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test("an unknown id is a 404, not a 500", async () => {
    const res = await call<{ message: string }>(live.server, "POST", "/notifications/does-not-exist/read", {
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });
});
