/**
 * The authorisation matrix's entry for every route of the server: how to call it and what each kind
 * of caller must get. A route missing here fails the matrix test (it reads the server's route table).
 */
import type { AccessTokenScope } from "../../src/shared/access-token-scopes";
import { type Identity, type MatrixTrack, type MatrixWorld, ownerOf, type TrackState } from "./matrix-fixture";

/** What a cell expects: one status, or several (a derivative may or may not exist yet). */
export interface Expectation {
  status: number[];
  /** A 404 that denies access has exactly this body (the same as for a track that does not exist). */
  denied?: boolean;
}

export interface CellRequest {
  path: string;
  body?: unknown;
  /** An empty multipart body (the upload route). */
  multipart?: boolean;
  /** Headers of the request beyond the credential (tus requests name their protocol version). */
  headers?: Record<string, string>;
}

interface RouteEntry {
  /** Track routes run once per track state. */
  perTrack: boolean;
  /** It ends the session it is sent with: each signed-in caller sends a session of their own, made for the cell. */
  signsOut?: boolean;
  /** Media files: `?token=` may carry a media token (presigned URL). */
  media?: boolean;
  /** Media Stemma makes as it sends them (a stems zip): answered by Stemma on a cluster too, never redirected. */
  madeAsSent?: boolean;
  request(world: MatrixWorld, track: MatrixTrack, who: Identity): CellRequest;
  expect(who: Identity, state: TrackState | null): Expectation;
}

const ok = (...status: number[]): Expectation => ({ status: status.length ? status : [200] });
const hidden: Expectation = { status: [404], denied: true };
const signedIn = (who: Identity, then: Expectation): Expectation => (who === "anonymous" ? { status: [401] } : then);
const adminOnly = (who: Identity, then = ok()): Expectation =>
  who === "anonymous" ? { status: [401] } : who === "admin" ? then : { status: [403] };

/**
 * modules/tracks/access.ts canView, restated as the rule the matrix holds the server to. The private track
 * and the fork are shared with "shared"; a fork gives its original's owner no rights on it (SPEC §6: only
 * the owner of a fork changes it), and its owner none on the original beyond a stranger's.
 */
export function mayView(who: Identity, state: TrackState | null): boolean {
  if (state === "deleted") return false;
  if (who === "admin") return true;
  if (state === "pending") return false;
  return state === "public" || who === ownerOf(state) || who === "shared";
}
/** Active tracks: the only ones anyone may change or fork. */
const active = (state: TrackState | null) => state === "public" || state === "private" || state === "fork";
const mayOwn = (who: Identity, state: TrackState | null) => active(state) && (who === ownerOf(state) || who === "admin");

const viewing = (who: Identity, state: TrackState | null, then = ok()) => (mayView(who, state) ? then : hidden);
const owning = (who: Identity, state: TrackState | null) => signedIn(who, mayOwn(who, state) ? ok() : hidden);
const everyone = () => ok();
/**
 * The studio (modules/studio): only the track's owner, who gets `onFork` on a fork and `onOriginal` on a track
 * that is no fork (the matrix sends requests that change nothing; replacing audio is for forks only, a 403 on
 * an original); everyone else (admins, the users it is shared with, and a fork's original's owner too) the 404
 * of a track they may not change.
 */
const studio =
  (onFork: Expectation, onOriginal = onFork) =>
  (who: Identity, state: TrackState | null) =>
    signedIn(who, who !== ownerOf(state) || !active(state) ? hidden : state === "fork" ? onFork : onOriginal);
const TUS = { "tus-resumable": "1.0.0" };
const PLAY = { eventType: "PLAY", playbackSource: "STREAM", duration: 10, anonymousId: "matrix-visitor-1" };

function mediaRoute(file: (track: MatrixTrack) => string, present = ok()): RouteEntry {
  return {
    perTrack: true,
    media: true,
    request: (_world, track) => ({ path: `/track/${track.id}/${file(track)}` }),
    expect: (who, state) => viewing(who, state, present),
  };
}

/** A `?attachment` download: whoever may see the track, once signed in (a visitor who may see it gets 401). */
function downloadRoute(file: (track: MatrixTrack) => string, present = ok()): RouteEntry {
  const media = mediaRoute(file, present);
  return { ...media, expect: (who, state) => viewing(who, state, signedIn(who, present)) };
}

const trackRoute = (
  request: RouteEntry["request"],
  expect: (who: Identity, state: TrackState | null) => Expectation,
): RouteEntry => ({ perTrack: true, request, expect });
const globalRoute = (path: string, expect: (who: Identity) => Expectation, body?: unknown): RouteEntry => ({
  perTrack: false,
  request: () => ({ path, body }),
  expect: (who) => expect(who),
});

/** Track filters (track-filters) that `track` passes. */
const matchingFilters = (track: MatrixTrack) => `hasStems=true&stemType=bass&isFork=${track.owner === "forker"}`;

export const MATRIX: Record<string, RouteEntry> = {
  "GET /api/docs": globalRoute("/docs", everyone),
  "GET /api/docs/:file": globalRoute("/docs/swagger-ui.css", everyone),
  "GET /api/openapi.json": globalRoute("/openapi.json", everyone),
  "GET /api/health": globalRoute("/health", everyone),
  "POST /api/auth/login": globalRoute("/auth/login", () => ({ status: [401] }), {
    email: "nobody@example.com",
    password: "WrongPass1",
  }),
  "POST /api/auth/signup": {
    perTrack: false,
    // An address already taken: the answer may not depend on who asks.
    request: (world) => ({
      path: "/auth/signup",
      body: { email: world.users.owner.user.email, username: "matrix_taken", password: "Secret123" },
    }),
    expect: () => ({ status: [409] }),
  },
  "POST /api/auth/request-early-access": globalRoute("/auth/request-early-access", everyone, { email: "early@example.org" }),
  "GET /api/auth/enabled-features": globalRoute("/auth/enabled-features", everyone),
  "GET /api/auth/me": globalRoute("/auth/me", (who) => signedIn(who, ok())),
  // Tokens and sessions (issue 39): each caller's own. A token asking no scope is refused, so the cell makes none; no
  // token or session has these ids, so each caller's removal finds nothing of theirs.
  // Signing out: anyone may (a visitor's only removes the cookie); each session caller signs a fresh session out.
  "POST /api/auth/logout": { ...globalRoute("/auth/logout", everyone), signsOut: true },
  // Sets the browser's cookie to the session sent as Bearer: nothing changes on the server.
  "POST /api/auth/session-cookie": globalRoute("/auth/session-cookie", (who) => signedIn(who, ok())),
  "GET /api/auth/tokens": globalRoute("/auth/tokens", (who) => signedIn(who, ok())),
  "POST /api/auth/tokens": globalRoute("/auth/tokens", (who) => signedIn(who, { status: [400] }), { name: "matrix", scopes: [] }),
  "DELETE /api/auth/tokens/:id": globalRoute("/auth/tokens/matrix-unknown", (who) => signedIn(who, { status: [404] })),
  "GET /api/auth/sessions": globalRoute("/auth/sessions", (who) => signedIn(who, ok())),
  "DELETE /api/auth/sessions/:id": globalRoute("/auth/sessions/matrix-unknown", (who) => signedIn(who, { status: [404] })),
  "GET /api/auth/users": globalRoute("/auth/users", (who) => signedIn(who, ok())),
  // An empty multipart body: refused (no image), so the cell changes nothing.
  "PUT /api/auth/me/avatar": {
    perTrack: false,
    request: () => ({ path: "/auth/me/avatar", multipart: true }),
    expect: (who) => signedIn(who, { status: [400] }),
  },
  // Nobody in the matrix has an avatar: removing none changes nothing.
  "DELETE /api/auth/me/avatar": globalRoute("/auth/me/avatar", (who) => signedIn(who, ok())),
  // Anyone may see an avatar; the owner has none.
  "GET /api/auth/users/:id/avatar": {
    perTrack: false,
    request: (world) => ({ path: `/auth/users/${world.users.owner.user.id}/avatar` }),
    expect: () => ({ status: [404] }),
  },
  // A wrong current password: refused, so the cell changes nothing (LOGIN_MAX_FAILURES_PER_ACCOUNT is lifted here).
  "POST /api/auth/password": globalRoute("/auth/password", (who) => signedIn(who, { status: [400] }), {
    currentPassword: "WrongPass1",
    newPassword: "Another123",
  }),
  "PATCH /api/auth/me": globalRoute("/auth/me", (who) => signedIn(who, { status: [400] }), {
    email: "matrix-new@example.com",
    currentPassword: "WrongPass1",
  }),
  // An artist's page and lists: the same for everyone (the owner's username names them).
  "GET /api/users/:username": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}` }),
    expect: everyone,
  },
  "GET /api/users/:username/tracks": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/tracks` }),
    expect: everyone,
  },
  "GET /api/users/:username/forks": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/forks` }),
    expect: everyone,
  },
  "GET /api/users/:username/forked": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/forked` }),
    expect: everyone,
  },
  // Following the owner (modules/follows): anyone signed in; the owner may not follow themselves (400).
  "GET /api/users/:username/follow": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/follow` }),
    expect: (who) => signedIn(who, ok()),
  },
  "POST /api/users/:username/follow": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/follow` }),
    expect: (who) => signedIn(who, who === "owner" ? { status: [400] } : ok()),
  },
  "DELETE /api/users/:username/follow": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/follow` }),
    expect: (who) => signedIn(who, ok()),
  },
  "GET /api/tracks/following": globalRoute("/tracks/following", (who) => signedIn(who, ok())),
  // oEmbed answers every caller as a visitor: a public track's player, the same 404 for anything else.
  "GET /api/oembed": {
    perTrack: true,
    request: (world, track) => ({ path: `/oembed?url=${encodeURIComponent(`${world.siteUrl}/track/${track.id}`)}` }),
    expect: (_who, state) => (state === "public" ? ok() : { status: [404] }),
  },
  // The link-preview image: a public track's, for anyone; the same 404 for anything else, its owner included.
  "GET /api/track/:id/preview.png": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/preview.png` }),
    (_who, state) => (state === "public" ? ok() : { status: [404] }),
  ),
  "GET /api/auth/me/deletion": globalRoute("/auth/me/deletion", (who) => signedIn(who, ok())),
  // A wrong password: refused, so nobody's account goes.
  "DELETE /api/auth/me": globalRoute("/auth/me", (who) => signedIn(who, { status: [400] }), { password: "WrongPass1" }),
  // A token no link was made for: the same refusal for everyone (a link's holder is a visitor).
  "POST /api/auth/password-reset": globalRoute("/auth/password-reset", () => ({ status: [400] }), {
    token: "no-such-link",
    password: "Another123",
  }),
  // The same answer for everyone and any address; the admins are told of none (the address has no account).
  "POST /api/auth/password-reset/request": globalRoute("/auth/password-reset/request", everyone, {
    email: "matrix-nobody@example.com",
  }),
  "POST /api/auth/logout-everywhere": globalRoute("/auth/logout-everywhere", (who) => signedIn(who, { status: [400] }), {
    password: "WrongPass1",
  }),
  // Account exports (modules/exports): asking again while one is made answers it (202), past 3 a day 429.
  "POST /api/auth/me/export": globalRoute("/auth/me/export", (who) => signedIn(who, ok(202, 429))),
  "GET /api/auth/me/exports": globalRoute("/auth/me/exports", (who) => signedIn(who, ok())),
  // No export has this id: the same 404 for every signed-in caller; a session token in ?token= is no media token (401).
  // Whose export downloads for whom is modules/exports/exports.test.ts.
  "GET /api/auth/me/exports/:id/download": globalRoute("/auth/me/exports/matrix-unknown-export/download", (who) =>
    signedIn(who, { status: [404] }),
  ),
  // The matrix's server has no OIDC provider: the routes exist (one route table) and answer 404 to everyone.
  // modules/auth/oidc/*.test.ts hold them to their rules against a real provider.
  "GET /api/auth/oidc/start": globalRoute("/auth/oidc/start", () => ({ status: [404] })),
  "GET /api/auth/oidc/callback": globalRoute("/auth/oidc/callback?code=matrix&state=matrix", () => ({ status: [404] })),
  "POST /api/auth/oidc/session": globalRoute("/auth/oidc/session", () => ({ status: [404] })),
  "GET /api/admin/feature-flags": globalRoute("/admin/feature-flags", (who) => adminOnly(who)),
  "POST /api/admin/feature-flags": {
    perTrack: false,
    request: () => ({ path: "/admin/feature-flags", body: { name: `matrix-${crypto.randomUUID()}` } }),
    expect: (who) => adminOnly(who),
  },
  "PATCH /api/admin/feature-flags/:id": {
    perTrack: false,
    request: (world) => ({ path: `/admin/feature-flags/${world.flagId}`, body: { isEnabled: false } }),
    expect: (who) => adminOnly(who),
  },
  "GET /api/admin/invite-codes": globalRoute("/admin/invite-codes", (who) => adminOnly(who)),
  "POST /api/admin/invite-codes": globalRoute("/admin/invite-codes", (who) => adminOnly(who), { maxUses: 1 }),
  "PATCH /api/admin/invite-codes/:id": {
    perTrack: false,
    request: (world) => ({ path: `/admin/invite-codes/${world.inviteCodeId}`, body: { isActive: true } }),
    expect: (who) => adminOnly(who),
  },
  "GET /api/admin/users": globalRoute("/admin/users", (who) => adminOnly(who)),
  "GET /api/admin/early-access-requests": globalRoute("/admin/early-access-requests", (who) => adminOnly(who)),
  // The owner's account: a link made is harmless until used, and 0 paid hours is what every matrix user has.
  "POST /api/admin/users/:id/password-reset": {
    perTrack: false,
    request: (world) => ({ path: `/admin/users/${world.users.owner.user.id}/password-reset` }),
    expect: (who) => adminOnly(who),
  },
  "PATCH /api/admin/users/:id": {
    perTrack: false,
    request: (world) => ({ path: `/admin/users/${world.users.owner.user.id}`, body: { paidQuotaHours: 0 } }),
    expect: (who) => adminOnly(who),
  },
  "GET /api/admin/backups": globalRoute("/admin/backups", (who) => adminOnly(who)),
  // The matrix's server has no BACKUP_DIR: an admin is told how to set backups up (modules/backups/backups.test.ts runs them).
  "POST /api/admin/backups": globalRoute("/admin/backups", (who) => adminOnly(who, ok(400))),
  "GET /api/licenses/": globalRoute("/licenses", everyone),
  "GET /api/licenses/:id": { perTrack: false, request: (world) => ({ path: `/licenses/${world.licenseId}` }), expect: everyone },
  "GET /api/notifications/": globalRoute("/notifications", (who) => signedIn(who, ok())),
  "GET /api/notifications/unread-count": globalRoute("/notifications/unread-count", (who) => signedIn(who, ok())),
  "POST /api/notifications/:id/read": {
    perTrack: false,
    request: (world) => ({ path: `/notifications/${world.sharedNotificationId}/read` }),
    expect: (who) => signedIn(who, who === "shared" ? ok() : { status: [404] }),
  },
  "POST /api/notifications/mark-all-read": globalRoute("/notifications/mark-all-read", (who) => signedIn(who, ok())),
  "POST /api/events/token": globalRoute("/events/token", (who) => signedIn(who, ok())),
  // A session never opens the stream, only an events token does (modules/events/events.test.ts checks who gets what).
  "GET /api/events/": trackRoute(
    (_world, track) => ({ path: `/events?tracks=${track.id}` }),
    () => ({ status: [401] }),
  ),
  // Resumable uploads (tus): only the owner's upload answers its owner; refusals that change nothing (a missing length, a
  // wrong offset). DELETE would remove it: the owner's cell asks about an upload that does not exist instead.
  "OPTIONS /api/uploads": globalRoute("/uploads", () => ok(204)),
  "POST /api/uploads": {
    perTrack: false,
    request: () => ({ path: "/uploads", headers: TUS }),
    expect: (who) => signedIn(who, { status: [400] }),
  },
  "HEAD /api/uploads/:id": {
    perTrack: false,
    request: (world) => ({ path: `/uploads/${world.uploadId}`, headers: TUS }),
    expect: (who) => signedIn(who, who === "owner" ? ok() : { status: [404] }),
  },
  "PATCH /api/uploads/:id": {
    perTrack: false,
    request: (world) => ({
      path: `/uploads/${world.uploadId}`,
      headers: { ...TUS, "upload-offset": "5", "content-type": "application/offset+octet-stream" },
    }),
    expect: (who) => signedIn(who, { status: [who === "owner" ? 409 : 404] }),
  },
  "DELETE /api/uploads/:id": {
    perTrack: false,
    request: (world, _track, who) => ({
      path: `/uploads/${who === "owner" ? "00000000-0000-4000-8000-000000000000" : world.uploadId}`,
      headers: TUS,
    }),
    expect: (who) => signedIn(who, { status: [404] }),
  },
  "GET /api/storage/quota": globalRoute("/storage/quota", (who) => signedIn(who, ok())),
  // The two filtered lists, per track, with filters every track of its kind matches (each has a stem): the leak check
  // holds what they list to the access rule, so a private track that matches shows only to those who may see it.
  "GET /api/tracks/public": trackRoute((_world, track) => ({ path: `/tracks/public?${matchingFilters(track)}` }), everyone),
  "GET /api/tracks": globalRoute("/tracks", (who) => signedIn(who, ok())),
  "GET /api/tracks/shared": globalRoute("/tracks/shared", (who) => signedIn(who, ok())),
  "GET /api/tracks/available": trackRoute(
    (_world, track) => ({ path: `/tracks/available?${matchingFilters(track)}` }),
    (who) => signedIn(who, ok()),
  ),
  // Search answers everyone; what it finds follows the access rule, which the leak check holds it to: a private
  // title (or, for the fork, its stems' track) is found only by those who may see it. The fork's cell asks for stems.
  "GET /api/search": trackRoute(
    (_world, track) => ({ path: `/search?q=${encodeURIComponent(track.title)}${track.owner === "forker" ? "&type=stems" : ""}` }),
    everyone,
  ),
  "GET /api/tracks/deleted": globalRoute("/tracks/deleted", (who) => adminOnly(who)),
  "GET /api/tracks/deleted/count": globalRoute("/tracks/deleted/count", (who) => adminOnly(who)),
  // Deleting must never reach another user's track: callers who do not own it send its id (and get
  // nothing deleted, checked by the test); the owner and admins send an unknown id, to keep the world.
  "DELETE /api/tracks": trackRoute(
    (_world, track, who) => ({
      path: "/tracks",
      body: { trackIds: [who === track.owner || who === "admin" ? "matrix-unknown-track" : track.id] },
    }),
    (who) => signedIn(who, ok()),
  ),
  // Admins only, whatever the track (403 to others, so no id is told apart). Only the pending track may come back
  // (409 for the rest); the admin's cell would restore it and change the world, so it sends an unknown id there.
  // Restoring for real is modules/tracks/restore.test.ts.
  "POST /api/track/:id/restore": trackRoute(
    (world, track, who) => ({
      path: `/track/${who === "admin" && track.id === world.tracks.pending.id ? "matrix-unknown-track" : track.id}/restore`,
    }),
    (who, state) => adminOnly(who, { status: [state === "pending" ? 404 : 409] }),
  ),
  "POST /api/track": {
    perTrack: false,
    request: () => ({ path: "/track", multipart: true }),
    expect: (who) => signedIn(who, { status: [400] }),
  },
  "GET /api/track/:id": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}` }),
    (who, state) => viewing(who, state),
  ),
  "PATCH /api/track/:id": trackRoute(
    (world, track) => ({
      path: `/track/${track.id}`,
      body: {
        title: track.title,
        primaryArtistName: "Matrix",
        genreNames: [],
        isExplicit: false,
        isPublic: track.isPublic,
        licenseId: world.licenseId,
      },
    }),
    owning,
  ),
  "PATCH /api/track/:id/visibility": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/visibility`, body: { isPublic: track.isPublic } }),
    owning,
  ),
  "POST /api/track/:id/share": trackRoute(
    (world, track) => ({ path: `/track/${track.id}/share`, body: { userIds: [world.users.shared.user.id] } }),
    owning,
  ),
  "DELETE /api/track/:id/share": trackRoute(
    (world, track) => ({ path: `/track/${track.id}/share`, body: { userIds: [world.users.other.user.id] } }),
    owning,
  ),
  // Forks (modules/forks): anyone signed in who may see an active track and does not own it forks it
  // (409 while it is still processing); the tree and lineage follow the track's visibility.
  "POST /api/track/:id/fork": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/fork`, body: { title: "Matrix fork" } }),
    (who, state) => signedIn(who, mayView(who, state) && who !== ownerOf(state) && active(state) ? ok(201, 409) : hidden),
  ),
  // "Download this mix": whoever may see the track, once signed in; a mix naming a stem the track does not have is
  // the 400 a viewer gets, so no cell renders anything.
  "POST /api/track/:id/mix": trackRoute(
    (_world, track) => ({
      path: `/track/${track.id}/mix`,
      body: { format: "mp3", mix: [{ stemId: "matrix-unknown-stem", gainDb: 0, pan: 0, muted: false }] },
    }),
    (who, state) => signedIn(who, viewing(who, state, { status: [400] })),
  ),
  "GET /api/track/:id/forks": trackRoute((_world, track) => ({ path: `/track/${track.id}/forks` }), viewing),
  "GET /api/track/:id/lineage": trackRoute((_world, track) => ({ path: `/track/${track.id}/lineage` }), viewing),
  // The studio, with requests that change nothing for the track's owner: empty forms (a 400 where a file is
  // needed, an edit keeping the stem as it is), and a removal of a stem that does not exist (404).
  "POST /api/track/:id/stem": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/stem`, multipart: true }),
    studio({ status: [400] }),
  ),
  "PATCH /api/track/:id/stem/:stemId": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/stem/${track.stemId}`, multipart: true }),
    studio(ok()),
  ),
  "DELETE /api/track/:id/stem/:stemId": trackRoute(
    (_world, track, who) => ({ path: `/track/${track.id}/stem/${who === track.owner ? "matrix-unknown-stem" : track.stemId}` }),
    studio({ status: [404] }),
  ),
  "PATCH /api/track/:id/audio": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/audio`, multipart: true }),
    studio({ status: [400] }, { status: [403] }),
  ),
  // Comments (modules/comments): as visible as the track; anyone signed in who may see it comments. No comment has
  // the unknown id: those who may see the track learn only that (404 "Comment not found"), the rest the track's 404.
  "GET /api/track/:id/comments": trackRoute((_world, track) => ({ path: `/track/${track.id}/comments` }), viewing),
  "POST /api/track/:id/comments": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/comments`, body: { body: "Matrix comment" } }),
    (who, state) => signedIn(who, viewing(who, state, ok(201))),
  ),
  "DELETE /api/track/:id/comments/:commentId": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/comments/matrix-unknown-comment` }),
    (who, state) => signedIn(who, viewing(who, state, { status: [404] })),
  ),
  "POST /api/media/presign": trackRoute(
    (_world, track) => ({ path: "/media/presign", body: { url: `/api/track/${track.id}/full.mp3` } }),
    (who, state) => viewing(who, state),
  ),
  "GET /api/track/:id/cover": mediaRoute(() => "cover?size=card"),
  "GET /api/track/:id/original": downloadRoute(() => "original?attachment"),
  "GET /api/track/:id/full.mp3": mediaRoute(() => "full.mp3"),
  "GET /api/track/:id/full.wav": downloadRoute(() => "full.wav?attachment"),
  // No FLAC exists until a conversion (which other cells start) finishes: 404 with its own message.
  "GET /api/track/:id/full.flac": downloadRoute(() => "full.flac?attachment", ok(200, 404)),
  "GET /api/track/:id/stem/:stemId": mediaRoute((track) => `stem/${track.stemId}.mp3`),
  // Always a download: whoever may see the track, once signed in (bearer or media token).
  "GET /api/track/:id/stems.zip": { ...downloadRoute(() => "stems.zip?format=mp3"), madeAsSent: true },
  "POST /api/track/:id/convert-audio": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/convert-audio`, body: { type: "full", format: "flac" } }),
    (who, state) => signedIn(who, viewing(who, state)),
  ),
  "GET /api/track/:id/audio-conversion-status": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/audio-conversion-status?format=flac` }),
    (who, state) => viewing(who, state),
  ),
  "GET /api/track/:id/stem/:stemId/audio-conversion-status": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/stem/${track.stemId}/audio-conversion-status?format=flac` }),
    (who, state) => viewing(who, state),
  ),
  "POST /api/track/:id/usage": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/usage`, body: PLAY }),
    (who, state) => viewing(who, state),
  ),
  "POST /api/track/:id/stem/:stemId/usage": trackRoute(
    (_world, track) => ({ path: `/track/${track.id}/stem/${track.stemId}/usage`, body: PLAY }),
    (who, state) => viewing(who, state),
  ),
  // A user's likes page: anyone, while it is public (the matrix's users keep the default).
  "GET /api/users/:username/likes": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/likes` }),
    expect: everyone,
  },
  "GET /api/likes": globalRoute("/likes?trackIds=a,b", (who) => signedIn(who, ok())),
  "GET /api/likes/settings": globalRoute("/likes/settings", (who) => signedIn(who, ok())),
  "PUT /api/likes/settings": globalRoute("/likes/settings", (who) => signedIn(who, ok()), { public: true }),
  // Albums (modules/albums): who may read or change an album is modules/albums/albums.test.ts's (its owner, public
  // ones, admins); here, that each route asks for a session where it must, and tells nothing of an album that is not.
  // A well-formed album of a track nobody has: refused (400) once the caller is known, and nothing is made.
  "POST /api/albums": globalRoute("/albums", (who) => signedIn(who, { status: [400] }), {
    title: "Matrix album",
    trackIds: ["matrix-unknown-track"],
    isPublic: true,
  }),
  "GET /api/albums/mine": globalRoute("/albums/mine", (who) => signedIn(who, ok())),
  "GET /api/albums/:id": globalRoute("/albums/matrix-unknown-album", () => ({ status: [404] })),
  "PATCH /api/albums/:id": globalRoute("/albums/matrix-unknown-album", (who) => signedIn(who, { status: [404] }), {
    title: "Matrix album",
  }),
  "DELETE /api/albums/:id": globalRoute("/albums/matrix-unknown-album", (who) => signedIn(who, { status: [404] })),
  "GET /api/users/:username/albums": {
    perTrack: false,
    request: (world) => ({ path: `/users/${world.users.owner.user.username}/albums` }),
    expect: everyone,
  },
  // The album a track is on: as visible as the track (which album, if any, is the albums test's).
  "GET /api/track/:id/album": trackRoute((_world, track) => ({ path: `/track/${track.id}/album` }), viewing),
  // Likes (modules/likes): anyone signed in who may see the track, while it is active (an admin sees a track
  // pending deletion, but it takes no likes).
  ...Object.fromEntries(
    ["GET", "PUT", "DELETE"].map((method) => [
      `${method} /api/track/:id/like`,
      trackRoute(
        (_world, track) => ({ path: `/track/${track.id}/like` }),
        (who, state) => signedIn(who, mayView(who, state) && active(state) ? ok() : hidden),
      ),
    ]),
  ),
};

/**
 * The scope an access token needs for a route of the matrix (src/shared/access-token-scopes.ts), restated as the rule
 * the matrix holds the server to; "session": only a signed-in session may call it; "any": it never asks who calls.
 */
export function scopeOf(route: string): AccessTokenScope | "session" | "any" {
  const [method, path] = route.split(" ") as [string, string];
  if (SESSION_ONLY.includes(route)) return "session";
  if (["GET /api/health", "GET /api/openapi.json", "GET /api/docs", "GET /api/docs/:file"].includes(route)) return "any";
  if (path.startsWith("/api/admin/")) return "admin";
  if (UPLOADING.includes(route) || path.startsWith("/api/uploads")) return "upload";
  if (["GET", "HEAD", "OPTIONS"].includes(method) || READING_POSTS.includes(route)) return "read";
  return "write";
}
const SESSION_ONLY = [
  "POST /api/auth/password",
  "POST /api/auth/session-cookie",
  "POST /api/auth/logout-everywhere",
  "DELETE /api/auth/me",
  "GET /api/auth/tokens",
  "POST /api/auth/tokens",
  "DELETE /api/auth/tokens/:id",
  "GET /api/auth/sessions",
  "DELETE /api/auth/sessions/:id",
];
const UPLOADING = ["POST /api/track", "PATCH /api/track/:id/audio", "POST /api/track/:id/stem"];
const READING_POSTS = [
  "POST /api/media/presign",
  "POST /api/events/token",
  "POST /api/track/:id/usage",
  "POST /api/track/:id/stem/:stemId/usage",
];
