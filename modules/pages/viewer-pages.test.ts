/**
 * Issue 39 item 2: pages render for their viewer. The server reads the session cookie on page requests: a private
 * track renders for its owner and those it is shared with, and everyone else gets a real 404, the same whether the
 * track is private, deleted, pending deletion or never existed. The user menu, the bell and a track's owner controls
 * are in the HTML of a page rendered for a signed-in viewer, and that page is never the one kept for visitors.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import { SESSION_COOKIE } from "../auth";

const live = setUpServer();
type Account = Awaited<ReturnType<typeof signUp>>;

let admin: Account;
let owner: Account;
let friend: Account;
let stranger: Account;
let publicId: string;
let privateId: string;
let deletedId: string;
let pendingDeletionId: string;
/** An id of the same shape as a real one that no track has. */
let unknownId: string;

const cookie = (session: Session) => ({ cookie: `${SESSION_COOKIE}=${session.token}` });

/** GET a page as a browser would ask for it: its status, headers and HTML. */
async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${live.server.url}${path}`, { headers: { accept: "text/html", ...headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * A 404 page's body with its track id taken out: the id itself (in the Login link's return path) and the islands'
 * ids, which Astro derives from their props, the path among them.
 */
const withoutId = (html: string, id: string) => html.replaceAll(id, "{id}").replace(/ uid="[^"]+"/g, ' uid=""');

/** The user menu's button, as the top bar renders it for `account`. */
const menuButton = (account: Account) => `title="${account.user.username}"`;

async function readyTrack(account: Account, data: { title: string; isPublic: boolean }): Promise<string> {
  const id = await uploadTiny(live.server, account, data);
  await waitForProcessing(live.server, account.token, id);
  return id;
}

beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  [owner, friend, stranger] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
  const leaver = await signUp(live.server);
  [publicId, privateId, deletedId, pendingDeletionId] = await Promise.all([
    readyTrack(owner, { title: "Open Air", isPublic: true }),
    readyTrack(owner, { title: "Secret Lena", isPublic: false }),
    readyTrack(owner, { title: "Gone Track", isPublic: true }),
    readyTrack(leaver, { title: "Leaving Track", isPublic: true }),
  ]);
  const shared = await call(live.server, "POST", `/track/${privateId}/share`, {
    token: owner.token,
    body: { userIds: [friend.user.id] },
  });
  expect(shared.status).toBe(200);
  const deleted = await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [deletedId] } });
  expect(deleted.status).toBe(200);
  const left = await call(live.server, "DELETE", "/auth/me", { token: leaver.token, body: { password: leaver.password } });
  expect(left.status).toBe(200);
  unknownId = `${publicId.slice(0, -4)}${publicId.endsWith("0000") ? "1111" : "0000"}`;
}, 120_000);

describe("a track page nobody may show its viewer is a real 404", () => {
  const hidden = () => ({ private: privateId, deleted: deletedId, "pending deletion": pendingDeletionId, unknown: unknownId });

  test("a visitor gets the same 404 status and body whether the track is private, deleted, pending deletion or unknown", async () => {
    const answers = await Promise.all(Object.values(hidden()).map(async (id) => ({ id, ...(await page(`/track/${id}`)) })));
    const bodies = new Set(answers.map(({ id, html }) => withoutId(html, id)));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toStartWith("text/html");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(bodies.size).toBe(1);
    const [body] = bodies;
    expect(body).toContain("Failed to load track details");
    expect(body).toContain("This track is private or no longer exists.");
    for (const title of ["Secret Lena", "Gone Track", "Leaving Track"]) expect(body).not.toContain(title);
  });

  test("a signed-in stranger gets the same 404 too, with their own top bar", async () => {
    const answers = await Promise.all(
      Object.values(hidden()).map(async (id) => ({ id, ...(await page(`/track/${id}`, cookie(stranger))) })),
    );
    expect(answers.map(({ status }) => status)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map(({ id, html }) => withoutId(html, id))).size).toBe(1);
    expect(answers[0]?.html).toContain(menuButton(stranger));
    expect(answers[0]?.html).not.toContain("Secret Lena");
  });

  test("the owner of a deleted track gets the 404 as the API answers it", async () => {
    expect((await call(live.server, "GET", `/track/${deletedId}`, { token: owner.token })).status).toBe(404);
    expect((await page(`/track/${deletedId}`, cookie(owner))).status).toBe(404);
  });

  test("a personal access token does not open pages: its bearer gets the visitor's 404", async () => {
    const made = await call<{ token: string }>(live.server, "POST", "/auth/tokens", {
      token: owner.token,
      body: { name: "script", scopes: ["read"] },
    });
    const answer = await page(`/track/${privateId}`, { authorization: `Bearer ${made.body.token}` });
    expect(answer.status).toBe(404);
    expect(answer.html).not.toContain("Secret Lena");
  });

  test("a cookie that names no session gets the visitor's pages, and is removed", async () => {
    const answer = await page(`/track/${privateId}`, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("set-cookie")).toStartWith(`${SESSION_COOKIE}=;`);
    expect(answer.headers.get("set-cookie")).toContain("Max-Age=0");
    const publicPage = await page(`/track/${publicId}`, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(publicPage.status).toBe(200);
    expect(publicPage.html).toContain("Open Air");
    expect(publicPage.html).not.toContain(`href="/track/${publicId}/edit"`);
  });
});

describe("a private track renders on the server for those who may see it", () => {
  test("its owner's cookie: the whole page with their controls and menu, private to them", async () => {
    const answer = await page(`/track/${privateId}`, cookie(owner));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-cache");
    expect(answer.headers.get("vary")?.toLowerCase()).toContain("cookie");
    expect(answer.html).toMatch(/<h1[^>]*>Secret Lena<\/h1>/);
    expect(answer.html).toContain("You uploaded this track");
    expect(answer.html).toContain(`href="/track/${privateId}/edit"`);
    expect(answer.html).toContain(menuButton(owner));
    expect(answer.html).not.toContain("Failed to load track details");
  });

  test("a user it is shared with: the page, with the uploader line and not the owner's controls", async () => {
    const answer = await page(`/track/${privateId}`, cookie(friend));
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/<h1[^>]*>Secret Lena<\/h1>/);
    expect(answer.html).toContain("Uploaded by");
    expect(answer.html).not.toContain("You uploaded this track");
    expect(answer.html).toContain(menuButton(friend));
  });

  test("a session token in the Authorization header opens the page as the cookie does", async () => {
    const answer = await page(`/track/${privateId}`, { authorization: `Bearer ${owner.token}` });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("You uploaded this track");
  });
});

describe("public pages stay kept for visitors, and a signed-in viewer gets their own", () => {
  test("a public track: the owner sees their controls, a visitor before and after never does", async () => {
    const before = await page(`/track/${publicId}`);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toStartWith("public");
    const mine = await page(`/track/${publicId}`, cookie(owner));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
    expect(mine.headers.get("etag")).toBeNull();
    expect(mine.html).toContain("You uploaded this track");
    expect(mine.html).toContain(menuButton(owner));
    const after = await page(`/track/${publicId}`);
    expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    expect(mine.html).toContain(`href="/track/${publicId}/edit"`);
    for (const visitor of [before, after]) {
      // The visitors' page holds the owner line's place, unseen, for a browser that turns out to be the owner's.
      expect(visitor.html).not.toContain(`href="/track/${publicId}/edit"`);
      expect(visitor.html).not.toContain(menuButton(owner));
      expect(visitor.html).not.toContain(`data-viewer="${owner.user.id}"`);
    }
  });

  test.each([["/"], ["/?sort=oldest"], ["/?genre=house"], ["/search?q=open"]])(
    "%s renders the menu for a signed-in viewer and keeps it out of the visitors' page",
    async (path) => {
      const mine = await page(path, cookie(friend));
      expect(mine.status).toBe(200);
      expect(mine.headers.get("cache-control")).toBe("private, no-cache");
      expect(mine.html).toContain(menuButton(friend));
      expect(mine.html).toContain(`data-viewer="${friend.user.id}"`);
      const visitor = await page(path);
      expect(visitor.status).toBe(200);
      expect(visitor.html).not.toContain(menuButton(friend));
    },
  );

  test("an artist's page renders the menu for the signed-in viewer", async () => {
    const mine = await page(`/u/${owner.user.username}`, cookie(stranger));
    expect(mine.status).toBe(200);
    expect(mine.html).toContain(menuButton(stranger));
    expect((await page(`/u/${owner.user.username}`)).html).not.toContain(menuButton(stranger));
  });
});

describe("pages that need signing in are decided on the server", () => {
  /** GET without following a redirect: where it sends the browser, if anywhere. */
  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${live.server.url}${path}`, { headers, redirect: "manual" });
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  };

  test.each([["/settings"], ["/upload"], ["/upload/bulk"], ["/manage-storage"], ["/track/some-id/edit?from=here"]])(
    "a visitor asking for %s is sent to /login and back",
    async (path) => {
      const answer = await visit(path);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    },
  );

  test.each([["/notifications"], ["/my-tracks/authored"], ["/my-tracks/shared"], ["/admin/users"], ["/admin/backups"]])(
    "a visitor asking for %s gets the page, which tells them to log in",
    async (path) => {
      const answer = await visit(path);
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('href="/login?next=');
    },
  );

  test("a signed-in user's pages carry their menu and are theirs alone", async () => {
    for (const path of ["/settings", "/upload", "/notifications", "/my-tracks/authored", `/track/${publicId}/edit`]) {
      const response = await fetch(`${live.server.url}${path}`, { headers: cookie(owner), redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      expect(await response.text()).toContain(menuButton(owner));
    }
  });

  test("the admin screens send a signed-in user who is not an admin home, and open for an admin", async () => {
    const refused = await visit("/admin/feature-flags", cookie(owner));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/");
    const opened = await visit("/admin/feature-flags", cookie(admin));
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(menuButton(admin));
  });
});
