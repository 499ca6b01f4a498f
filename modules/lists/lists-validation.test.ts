/** List routes: who may call them and what bad input gets (a clear 4xx `{message}`, never a 500). */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";

const live = setUpServer();
let admin: Session;
let user: Session;
beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  user = await signUp(live.server);
});

const LISTS = ["/tracks", "/tracks/public", "/tracks/shared", "/tracks/available"];

describe("access", () => {
  test("public needs no token; own, shared and available answer 401 without one", async () => {
    const res = await call<{ items: unknown[]; metadata: { nextCursor: string | null } }>(live.server, "GET", "/tracks/public");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], metadata: { nextCursor: null } });
    for (const path of ["/tracks", "/tracks/shared", "/tracks/available"])
      expect((await call(live.server, "GET", path)).status).toBe(401);
  });

  test("the deleted list and its count are for admins only", async () => {
    for (const path of ["/tracks/deleted", "/tracks/deleted/count"]) {
      expect((await call(live.server, "GET", path)).status).toBe(401);
      expect((await call(live.server, "GET", path, { token: user.token })).status).toBe(403);
      expect((await call(live.server, "GET", path, { token: admin.token })).status).toBe(200);
    }
    const count = await call(live.server, "GET", "/tracks/deleted/count?status=DELETED", { token: admin.token });
    expect(count.body).toEqual({ count: 0 });
  });

  test("batch delete needs a token", async () => {
    expect((await call(live.server, "DELETE", "/tracks", { body: { trackIds: ["x"] } })).status).toBe(401);
  });
});

describe("bad input is a 400 with a message", () => {
  const cases: [string, string][] = [
    ["cursor=not-a-cursor!", "Invalid cursor"],
    [`cursor=${Buffer.from("[1,2,3]").toString("base64url")}`, "Invalid cursor"],
    [
      `cursor=${Buffer.from('["title","asc","",5,"id"]').toString("base64url")}&sortField=title&sortDirection=asc`,
      "Invalid cursor",
    ],
    [`cursor=${Buffer.from('["title","asc","","a","id"]').toString("base64url")}`, "The cursor belongs to another sort order"],
    ["sortField=plays", "sortField must be one of createdAt, title, duration, primaryArtistName, likeCount"],
    ["sortField=__proto__", "sortField must be one of createdAt, title, duration, primaryArtistName, likeCount"],
    ["sortDirection=up", "sortDirection must be asc or desc"],
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["limit=2.5", "limit must be a whole number from 1 to 100"],
    ["limit=abc", "limit must be a whole number from 1 to 100"],
  ];
  for (const path of LISTS)
    test.each(cases)(`${path}?%s`, async (query, message) => {
      const res = await call<{ message: string }>(live.server, "GET", `${path}?${query}`, { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

  test("the deleted list takes only its three sort fields and two statuses", async () => {
    const sort = await call<{ message: string }>(live.server, "GET", "/tracks/deleted?sortField=createdAt", {
      token: admin.token,
    });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toBe("sortField must be one of title, duration, primaryArtistName");
    const status = await call<{ message: string }>(live.server, "GET", "/tracks/deleted/count?status=ACTIVE", {
      token: admin.token,
    });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe("status must be PENDING_DELETION or DELETED");
  });

  test.each([
    [{}, 400],
    [{ trackIds: [] }, 400],
    [{ trackIds: "abc" }, 400],
    [{ trackIds: [42] }, 400],
    [{ trackIds: Array.from({ length: 101 }, (_, i) => `id${i}`) }, 400],
  ])("DELETE /tracks %p → %d", async (body, status) => {
    const res = await call<{ message: string }>(live.server, "DELETE", "/tracks", { token: user.token, body });
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe("string");
  });

  test("unknown ids are simply not deleted", async () => {
    const res = await call(live.server, "DELETE", "/tracks", { token: user.token, body: { trackIds: ["no-such-track"] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedIds: [] });
  });
});
