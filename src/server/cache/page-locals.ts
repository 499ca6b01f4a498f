import { getAlbum, publicAlbumsOf } from "../../../modules/albums/service";
import type { Profile } from "../../../modules/auth/model";
import { publicLineage } from "../../../modules/forks/service";
import { likesPage } from "../../../modules/likes/service";
import type { TrackPage } from "../../../modules/lists/model";
import type { ArtistProfile } from "../../../modules/profiles/model";
import type { SearchPage } from "../../../modules/search/model";
import type { TrackDetails } from "../../../modules/tracks/model";
import { getTrack } from "../../../modules/tracks/service";
import { SORT_OPTIONS } from "../../shared/sort-options";
import { api } from "../api";
import { config } from "../config";
import { HttpError } from "../errors";
import type { PageState } from "./page-cache";

/**
 * A cached track page holds these in place of its counters; the page cache puts today's values in as
 * it serves the page (a play is not a new version of the page). Numbers, so the page renders them
 * where the counts go, and too long to be a count: a description quoting one would show the count,
 * which is public anyway.
 */
const COUNTER_PLACEHOLDERS = { plays: 9007199254740991, downloads: 9007199254740990, likes: 9007199254740989 } as const;

/** A Track JSON kept for everyone: its counters are placeholders, filled in as it is served (trackPageFills). */
export function withCounterPlaceholders(track: TrackDetails): TrackDetails {
  return {
    ...track,
    totalPlays: COUNTER_PLACEHOLDERS.plays,
    totalDownloads: COUNTER_PLACEHOLDERS.downloads,
    likeCount: COUNTER_PLACEHOLDERS.likes,
  };
}

export function trackPageFills(counters: { plays: number; downloads: number; likes: number }): PageState["fills"] {
  return {
    [COUNTER_PLACEHOLDERS.plays]: String(counters.plays),
    [COUNTER_PLACEHOLDERS.downloads]: String(counters.downloads),
    [COUNTER_PLACEHOLDERS.likes]: String(counters.likes),
  };
}

/** A user's likes page as `viewer` gets it (theirs even when kept private), or the API's refusal message. */
async function likedTracksPage(username: string, viewer: Profile | null, cursor: string | null, limit: number) {
  try {
    const json = await likesPage(viewer, username, { limit, ...(cursor ? { cursor } : {}) });
    return { page: JSON.parse(json) as TrackPage, message: null };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return { page: null, message: error.message };
    throw error;
  }
}

/** A 404 from a service as null: the page renders its own "not found". */
const notFoundAsNull = (error: unknown): null => {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
};

/**
 * The Track JSON of GET /api/track/{id} as `viewer` gets it, through the same access check: the page shows exactly
 * that, and null (a 404 page) wherever the API answers 404.
 */
async function getTrackPage(id: string, viewer: Profile | null, placeholders: boolean): Promise<TrackDetails | null> {
  const track = await getTrack(id, viewer).catch(notFoundAsNull);
  return track && placeholders ? withCounterPlaceholders(track) : track;
}

/** GET `pathAndQuery` of the API as a visitor gets it (no token): its JSON, or the API's refusal message. */
async function answerOrRefusal<T>(pathAndQuery: string): Promise<{ page: T | null; message: string | null }> {
  const response = await api.handle(new Request(`${config().publicUrl}/api${pathAndQuery}`));
  const body = (await response.json()) as T | { message: string };
  return response.ok ? { page: body as T, message: null } : { page: null, message: (body as { message: string }).message };
}

/** The same, null when the API refuses it. */
const asVisitor = async <T>(pathAndQuery: string): Promise<T | null> => (await answerOrRefusal<T>(pathAndQuery)).page;

/** A keyset list's query: its own `filters`, then a page of `limit` in a SPEC §9 sort (by its key) from `cursor` on. */
function listQuery(filters: Record<string, string> | string, sort: string, cursor: string | null, limit: number) {
  const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
  const query = new URLSearchParams(filters);
  query.set("limit", String(limit));
  query.set("sortField", option.field);
  query.set("sortDirection", option.direction);
  if (cursor) query.set("cursor", cursor);
  return query;
}

/**
 * One page of a keyset list (`endpoint`, with its own `filters`) as a visitor gets it. Null when the API refuses it
 * (a cursor from another sort, say), so the page falls back to the first page.
 */
function listPage(endpoint: string, filters: Record<string, string>, sort: string, cursor: string | null, limit: number) {
  return asVisitor<TrackPage>(`${endpoint}?${listQuery(filters, sort, cursor, limit)}`);
}

/**
 * The home page's list: the public tracks under the address's track filters, in a SPEC §9 sort (by its key), from
 * `cursor` on: the page, or the API's refusal (a bad filter value).
 */
const publicTracks = (filters: string, sort: string, cursor: string | null, limit: number) =>
  answerOrRefusal<TrackPage>(`/tracks/public?${listQuery(filters, sort, cursor, limit)}`);

/**
 * What on-demand pages may use: the server's services, handed to Astro as `Astro.locals`, so the
 * Astro bundle never opens its own database or queue. `cached` renders a page for the page cache, with
 * placeholders where live values go (trackPageFills). `viewer` is who the page is for (issue 39): a signed-in
 * user, null for a visitor, undefined for a page kept for every visitor (whose browser finds out who it is).
 */
export function pageLocals({ cached, viewer }: { cached: boolean; viewer?: Profile | null }): App.Locals {
  return {
    publicUrl: config().publicUrl,
    oidcButtonLabel: config().oidc?.buttonLabel ?? null,
    viewer,
    getTrackPage: (id) => getTrackPage(id, viewer ?? null, cached),
    // A track made private as its page renders has no lineage to show: the page is not kept either.
    getPublicLineage: (id) => publicLineage(id).catch(notFoundAsNull),
    // What the home page renders before any script runs.
    getPublicTracks: publicTracks,
    getArtist: (username) => asVisitor<ArtistProfile>(`/users/${encodeURIComponent(username)}`),
    getArtistTracks: (username, list, sort, cursor, limit) =>
      listPage(`/users/${encodeURIComponent(username)}/${list}`, {}, sort, cursor, limit),
    getGenreTracks: (genre, sort, cursor, limit) => listPage("/search", { genre }, sort, cursor, limit),
    search: (query) => answerOrRefusal<SearchPage>(`/search?${query}`),
    getLikedTracks: (username, cursor, limit) => likedTracksPage(username, viewer ?? null, cursor, limit),
    getAlbum: (id) => getAlbum(viewer ?? null, id).catch(notFoundAsNull),
    getArtistAlbums: (username) => publicAlbumsOf(username).catch(() => []),
  };
}
