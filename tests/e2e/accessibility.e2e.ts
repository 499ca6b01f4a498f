/**
 * Every screen passes axe-core with no serious or critical violation, at 1280 and 375 px, as the
 * visitor, user or admin who would see it, once its content has loaded.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { call, type Session, signUp } from "../support/api";
import { setUpServerAndBrowser } from "../support/lifecycle";
import { uploadTiny, waitForProcessing } from "../support/uploads";
import { seriousViolations } from "./support/axe";
import { hydrated } from "./support/hydrated";
import { FULL_MIX, STEM_FILES, uploadTrack } from "./track-page/fixtures";

setDefaultTimeout(120_000);

const live = setUpServerAndBrowser();
let admin: Session;
let artist: Session;
let trackId: string;
let albumId: string;

beforeAll(async () => {
  admin = await signUp(live.server);
  await uploadTiny(live.server, admin, { title: "Tiny" });
  trackId = await uploadTrack(live.server, admin.token, { original: FULL_MIX, stems: STEM_FILES.slice(0, 2) });
  await waitForProcessing(live.server, admin.token, trackId);
  // A timed comment with a reply: its marker, the list and the forms are on the track page.
  const comment = await call<{ id: string }>(live.server, "POST", `/track/${trackId}/comments`, {
    token: admin.token,
    body: { body: "Listen to the bass here", atSeconds: 0.1 },
  });
  await call(live.server, "POST", `/track/${trackId}/comments`, {
    token: admin.token,
    body: { body: "And here", parentId: comment.body.id },
  });
  // An album of it: its page, and the albums above the artist's tracks.
  albumId = (
    await call<{ id: string }>(live.server, "POST", "/albums", {
      token: admin.token,
      body: { title: "Tidal Memory", trackIds: [trackId], isPublic: true, releaseDate: "2024" },
    })
  ).body.id;
  // Another artist, whose page shows the admin the Follow button.
  artist = await signUp(live.server);
  await uploadTiny(live.server, artist, { title: "Artist Tiny", isPublic: true });
});

/** Each screen, who looks at it, and what shows once it has loaded. */
const SCREENS: Array<[string, () => string, "visitor" | "admin", (page: Page) => Promise<unknown>]> = [
  ["home", () => "/", "visitor", (page) => page.getByRole("article").first().waitFor()],
  ["home signed in", () => "/", "admin", (page) => page.getByRole("heading", { name: "Available Tracks" }).waitFor()],
  // The filter fields open, as a filtered address shows them.
  ["home, filtered", () => "/?hasStems=true", "visitor", (page) => page.getByRole("article").first().waitFor()],
  ["track page", () => `/track/${trackId}`, "visitor", (page) => page.getByText("Sign in to download").first().waitFor()],
  ["own track page", () => `/track/${trackId}`, "admin", (page) => page.getByRole("link", { name: "Edit Track" }).waitFor()],
  [
    "embed player, dark",
    () => `/embed/track/${trackId}?theme=dark`,
    "visitor",
    (page) => page.locator(".embed-player[data-state='ready']").waitFor(),
  ],
  ["artist page", () => `/u/${admin.user.username}`, "visitor", (page) => page.getByRole("article").first().waitFor()],
  ["album page", () => `/album/${albumId}`, "visitor", (page) => page.getByRole("button", { name: "Play all" }).waitFor()],
  [
    "artist page signed in",
    () => `/u/${artist.user.username}`,
    "admin",
    (page) => page.getByRole("button", { name: "Follow" }).waitFor(),
  ],
  ["home, following", () => "/?list=following", "admin", (page) => page.getByRole("heading", { name: "Following" }).waitFor()],
  [
    "track page comments",
    () => `/track/${trackId}`,
    "admin",
    (page) => page.getByRole("button", { name: /^Comment by .* at 0:00$/ }).waitFor(),
  ],
  [
    "artist forks",
    () => `/u/${admin.user.username}?tab=forks`,
    "visitor",
    (page) => page.getByRole("heading", { name: "Forks of their tracks" }).waitFor(),
  ],
  ["search", () => "/search?q=tiny", "visitor", (page) => page.getByRole("article").first().waitFor()],
  ["search stems", () => "/search?type=stems&stemType=bass", "admin", (page) => page.locator("audio").first().waitFor()],
  ["login", () => "/login", "visitor", (page) => page.getByRole("button", { name: "Login" }).waitFor()],
  ["register", () => "/register", "visitor", (page) => page.getByRole("button", { name: "Register" }).waitFor()],
  [
    "forgot password",
    () => "/forgot-password",
    "visitor",
    (page) =>
      page
        .getByText(/reset link/)
        .first()
        .waitFor(),
  ],
  ["reset password", () => "/reset-password?token=x", "visitor", (page) => page.getByLabel("Confirm new password").waitFor()],
  ["request early access", () => "/request-early-access", "visitor", (page) => page.getByText(/Registration is open/).waitFor()],
  ["upload", () => "/upload", "admin", (page) => page.getByLabel("Title").first().waitFor()],
  ["bulk upload", () => "/upload/bulk", "admin", (page) => page.getByLabel("Default Artist").waitFor()],
  ["my tracks", () => "/my-tracks/authored", "admin", (page) => page.getByRole("article").first().waitFor()],
  ["shared with me", () => "/my-tracks/shared", "admin", (page) => page.getByText("No tracks found").waitFor()],
  ["notifications", () => "/notifications", "admin", (page) => page.getByRole("heading", { name: "Notifications" }).waitFor()],
  ["notifications, visitor", () => "/notifications", "visitor", (page) => page.getByRole("link", { name: "Log in" }).waitFor()],
  ["manage storage", () => "/manage-storage", "admin", (page) => page.getByText("Used Storage").waitFor()],
  ["settings", () => "/settings", "admin", (page) => page.getByRole("button", { name: "Change password" }).waitFor()],
  ["feature flags", () => "/admin/feature-flags", "admin", (page) => page.getByText("EARLY_ACCESS_REQUIRED").waitFor()],
  ["invite codes", () => "/admin/invite-codes", "admin", (page) => page.getByRole("heading", { name: "Invite Codes" }).waitFor()],
  [
    "deleted tracks",
    () => "/admin/deleted-tracks",
    "admin",
    (page) => page.getByRole("heading", { name: "Deleted Tracks" }).waitFor(),
  ],
  [
    "users",
    () => "/admin/users",
    "admin",
    (page) =>
      page
        .getByRole("button", { name: /^Reset link for / })
        .first()
        .waitFor(),
  ],
  [
    "backups, not scheduled",
    () => "/admin/backups",
    "admin",
    (page) => page.getByRole("heading", { name: "Backups are not scheduled" }).waitFor(),
  ],
  ["admin, visitor", () => "/admin/feature-flags", "visitor", (page) => page.getByRole("link", { name: "Log in" }).waitFor()],
  ["edit", () => `/track/${trackId}/edit`, "admin", (page) => page.getByRole("button", { name: "Save Changes" }).waitFor()],
];

/**
 * Each screen is loaded once, checked at 1280 px, then narrowed to 375 px and checked again: layout is CSS alone (no
 * script reads the width), so the narrowed page is the page a phone loads, for half the loads and sign-ins.
 */
test.each(SCREENS)("%s: no serious or critical axe-core violation at 1280 and 375 px", async (_name, path, who, loaded) => {
  const { context, page } = await live.openPage(path(), who === "admin" ? admin.token : null, {
    viewport: { width: 1280, height: 900 },
  });
  await loaded(page);
  await hydrated(page);
  expect({ width: 1280, violations: await seriousViolations(page) }).toEqual({ width: 1280, violations: [] });
  await page.setViewportSize({ width: 375, height: 900 });
  await loaded(page);
  await hydrated(page);
  expect({ width: 375, violations: await seriousViolations(page) }).toEqual({ width: 375, violations: [] });
  await context.close();
});
