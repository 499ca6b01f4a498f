import { SORT_OPTIONS } from "../../islands/tracks/sort-options";
import type { TrackPage } from "../../modules/lists/model";
import type { ArtistProfile } from "../../modules/profiles/model";
import type { SearchPage } from "../../modules/search/model";
import type { TrackDetails } from "../../modules/tracks/model";
import { getTrack } from "../../modules/tracks/service";
import { api } from "./api";
import { config } from "./config";
import { HttpError } from "./errors";
import type { PageState } from "./page-cache";

/**
 * A cached track page holds these in place of its counters; the page cache puts today's values in as
 * it serves the page (a play is not a new version of the page). Numbers, so the page renders them
 * where the counts go, and too long to be a count: a description quoting one would show the count,
 * which is public anyway.
 */
const COUNTER_PLACEHOLDERS = { plays: 9007199254740991, downloads: 9007199254740990 } as const;

/** A Track JSON kept for everyone: its counters are placeholders, filled in as it is served (trackPageFills). */
export function withCounterPlaceholders(track: TrackDetails): TrackDetails {
  return { ...track, totalPlays: COUNTER_PLACEHOLDERS.plays, totalDownloads: COUNTER_PLACEHOLDERS.downloads };
}

export function trackPageFills(counters: { plays: number; downloads: number }): PageState["fills"] {
  return {
    [COUNTER_PLACEHOLDERS.plays]: String(counters.plays),
    [COUNTER_PLACEHOLDERS.downloads]: String(counters.downloads),
  };
}

/**
 * The Track JSON of GET /api/track/{id} as an anonymous visitor gets it, through the same access check: the
 * page shows exactly that. A page request never carries the bearer token (it lives in localStorage), so
 * anything private is null here and the page renders a shell.
 */
async function getTrackPage(id: string, placeholders: boolean): Promise<TrackDetails | null> {
  const track = await getTrack(id, null).catch((error) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  return track && placeholders ? withCounterPlaceholders(track) : track;
}

/**
 * One page of GET /api/tracks/public as a visitor gets it, in a SPEC §9 sort (by its key), from
 * `cursor` on: what the home page renders before any script runs. Null when the API refuses it (a
 * cursor from another sort, say), so the page falls back to the first page.
 */
async function getPublicTracks(sort: string, cursor: string | null, limit: number): Promise<TrackPage | null> {
  const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
  const query = new URLSearchParams({ limit: String(limit), sortField: option.field, sortDirection: option.direction });
  if (cursor) query.set("cursor", cursor);
  const response = await api.handle(new Request(`${config.publicUrl}/api/tracks/public?${query}`));
  return response.ok ? ((await response.json()) as TrackPage) : null;
}

/** GET /api/users/{username} as anyone gets it, or null when there is no such artist. */
async function getArtist(username: string): Promise<ArtistProfile | null> {
  const response = await api.handle(new Request(`${config.publicUrl}/api/users/${encodeURIComponent(username)}`));
  return response.ok ? ((await response.json()) as ArtistProfile) : null;
}

/** One page of an artist's list (`tracks`, `forks`, `forked`) in a SPEC §9 sort key, as anyone gets it, or null. */
async function getArtistTracks(username: string, list: string, sort: string, cursor: string | null, limit: number) {
  const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
  const query = new URLSearchParams({ limit: String(limit), sortField: option.field, sortDirection: option.direction });
  if (cursor) query.set("cursor", cursor);
  const path = `/api/users/${encodeURIComponent(username)}/${list}?${query}`;
  const response = await api.handle(new Request(`${config.publicUrl}${path}`));
  return response.ok ? ((await response.json()) as TrackPage) : null;
}

/** One page of a genre's public tracks (GET /api/search?genre=) in a SPEC §9 sort key, as a visitor gets it, or null. */
async function getGenreTracks(genre: string, sort: string, cursor: string | null, limit: number): Promise<TrackPage | null> {
  const option = SORT_OPTIONS.find((candidate) => candidate.key === sort) ?? SORT_OPTIONS[0];
  const query = new URLSearchParams({ genre, limit: String(limit), sortField: option.field, sortDirection: option.direction });
  if (cursor) query.set("cursor", cursor);
  const response = await api.handle(new Request(`${config.publicUrl}/api/search?${query}`));
  return response.ok ? ((await response.json()) as TrackPage) : null;
}

/** GET /api/search with the address's own parameters, as a visitor gets it: the page, or the API's refusal message. */
async function search(query: string): Promise<{ page: SearchPage | null; message: string | null }> {
  const response = await api.handle(new Request(`${config.publicUrl}/api/search?${query}`));
  const body = (await response.json()) as SearchPage | { message: string };
  return response.ok
    ? { page: body as SearchPage, message: null }
    : { page: null, message: (body as { message: string }).message };
}

/**
 * What on-demand pages may use: the server's services, handed to Astro as `Astro.locals`, so the
 * Astro bundle never opens its own database or queue. `cached` renders a page for the page cache, with
 * placeholders where live values go (trackPageFills).
 */
export function pageLocals({ cached }: { cached: boolean }): App.Locals {
  return {
    publicUrl: config.publicUrl,
    oidcButtonLabel: config.oidc?.buttonLabel ?? null,
    getTrackPage: (id) => getTrackPage(id, cached),
    getPublicTracks,
    getArtist,
    getArtistTracks,
    getGenreTracks,
    search,
  };
}
