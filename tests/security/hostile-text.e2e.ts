/**
 * Metadata is text everywhere (Audiobookshelf CVE-2026-27973): markup injected through every field a
 * user or a file controls (titles, artists, genres, keys, descriptions, stem names, file names, a
 * tracker module's title and sample names) creates no element and runs nothing, on server-rendered
 * pages and in islands. Direction overrides: "track\u202e3pm.wav" shows as "track3pm.wav" on cards,
 * My Tracks and the Deleted Tracks table.
 */
import { beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { CORPUS, createTrack, waitForProcessing } from "../support/uploads";

const live = setUpServerAndBrowser();
const MARKUP = '<img src=x onerror="window.__xss=1">';
const BIDI_TITLE = "track\u202e3pm.wav";
let admin: Session;
let owner: Session;
let friend: Session;
const ids: Record<"markup" | "bidi" | "module" | "deleted", string> = {} as never;

/** A real MOD whose title and first sample name (libopenmpt's message) are markup. */
async function hostileModule(): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(join(CORPUS, "real-modules/high-score.mod")).arrayBuffer());
  const ascii = (text: string, at: number, size: number) =>
    bytes.set(new TextEncoder().encode(text.padEnd(size, "\0")).slice(0, size), at);
  ascii("<svg onload=z()>", 0, 20);
  ascii("<img src=x onerror=z>", 20, 22);
  const path = join(live.server.dataDir, "hostile.mod");
  await Bun.write(path, bytes);
  return path;
}

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  friend = await signUp(live.server);
  const fields = {
    primaryArtistName: MARKUP,
    description: `<script>window.__xss=1</script>${MARKUP}`,
    genreNames: ["<svg onload=z()>"],
    key: "<b onclick=z()>",
    isPublic: true,
  };
  ids.markup = await createTrack(live.server, owner.token, {
    original: ["bad/CON.wav", `"><img src=x onerror=z()>.wav`],
    stems: [{ path: "bad/CON.wav", name: MARKUP, type: "bass" }],
    data: { ...fields, title: `${MARKUP} title` },
  });
  ids.bidi = await createTrack(live.server, owner.token, { original: "bad/CON.wav", data: { ...fields, title: BIDI_TITLE } });
  ids.deleted = await createTrack(live.server, owner.token, { original: "bad/CON.wav", data: { ...fields, title: BIDI_TITLE } });
  ids.module = await createTrack(live.server, owner.token, {
    original: [await hostileModule(), "hostile.mod"],
    data: { ...fields, title: "Module", originalFormat: "mod" },
  });
  for (const id of Object.values(ids)) await waitForProcessing(live.server, owner.token, id);
  await call(live.server, "POST", `/track/${ids.markup}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
  await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [ids.deleted] } });
  // A timed comment in markup with a direction override, and a reply in markup (modules/comments).
  const comment = await call<{ id: string }>(live.server, "POST", `/track/${ids.markup}/comments`, {
    token: friend.token,
    body: { body: `${MARKUP} comment ${BIDI_TITLE}`, atSeconds: 0.1 },
  });
  await call(live.server, "POST", `/track/${ids.markup}/comments`, {
    token: owner.token,
    body: { body: `<svg onload=z()> reply`, parentId: comment.body.id },
  });
}, 120_000);

/** Opens `path` as `session`, waits for `text`, and checks no injected element or handler exists. */
async function expectInert(path: string, session: Session | null, text: string | RegExp): Promise<Page> {
  const { page } = await live.openPage(path, session?.token ?? null);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByText(text).first().waitFor();
  await page.waitForLoadState("networkidle");
  const found = await page.evaluate(() => ({
    xss: (window as Window & { __xss?: number }).__xss ?? null,
    injected: document.querySelectorAll('img[src="x"], svg[onload], b[onclick]').length,
    handlers: [...document.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith("on")),
    ).length,
  }));
  expect(found).toEqual({ xss: null, injected: 0, handlers: 0 });
  expect(dialogs).toEqual([]);
  return page;
}

test("markup in every track field shows as text on the server-rendered track page and its islands", async () => {
  const page = await expectInert(`/track/${ids.markup}`, owner, `${MARKUP} title`);
  expect(await page.getByText(MARKUP).count()).toBeGreaterThan(1);
  await page.context().close();
});

test("markup shows as text on the home cards, My Tracks, the edit page and the shared user's notifications", async () => {
  for (const [path, session] of [
    ["/", null],
    ["/my-tracks/authored", owner],
    [`/track/${ids.markup}/edit`, owner],
  ] as const)
    await (await expectInert(path, session, `${MARKUP} title`)).context().close();
  await (await expectInert("/notifications", friend, /shared/)).context().close();
});

test("comments, their replies and their markers show markup as text and lose direction overrides", async () => {
  const page = await expectInert(`/track/${ids.markup}`, friend, "<svg onload=z()> reply");
  await page.locator(".comment-text").getByText(`${MARKUP} comment track3pm.wav`, { exact: true }).waitFor();
  // The marker's tip says it too, as text.
  await page.getByRole("button", { name: /^Comment by .* at 0:00$/ }).hover();
  await page.getByRole("tooltip").getByText(`${MARKUP} comment track3pm.wav`).waitFor();
  const text = await page.evaluate(() => document.querySelector(".comments")?.textContent ?? "");
  expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  await page.context().close();
  // The owner's notification of it, too.
  await (await expectInert("/notifications", owner, /commented on/)).context().close();
}, 30_000);

test("a module's title and sample names (its message) are text on its page", async () => {
  const view = await call<{ moduleTitle: string | null }>(live.server, "GET", `/track/${ids.module}`);
  expect(view.body.moduleTitle).toBe("<svg onload=z()>");
  await (await expectInert(`/track/${ids.module}`, null, "Module")).context().close();
});

test("usernames cannot carry markup: signup refuses it", async () => {
  const res = await call<{ message: string }>(live.server, "POST", "/auth/signup", {
    body: { email: "markup@example.com", username: "<b>x</b>", password: "Secret123" },
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("Username can only contain letters, numbers, underscores, and hyphens");
});

test("a right-to-left override in a title is stripped: it reads track3pm.wav on cards, My Tracks and Deleted Tracks", async () => {
  const stored = await call<{ title: string }>(live.server, "GET", `/track/${ids.bidi}`);
  expect(stored.body.title).toBe("track3pm.wav");
  for (const [path, session] of [
    ["/", null],
    ["/my-tracks/authored", owner],
    ["/admin/deleted-tracks", admin],
  ] as const) {
    const page = await expectInert(path, session, "track3pm.wav");
    const text = await page.evaluate(() => document.body.textContent);
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(text).not.toContain("trackvaw.mp3");
    await page.context().close();
  }
});
