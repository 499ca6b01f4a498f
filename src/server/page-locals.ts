import { SORT_OPTIONS } from "../../islands/tracks/sort-options";
import type { TrackPage } from "../../modules/lists/model";
import type { TrackDetails } from "../../modules/tracks/model";
import { api } from "./api";
import { config } from "./config";

/**
 * GET /api/track/{id} answered in-process for an anonymous visitor: the page shows exactly what the
 * API gives that visitor, through the same access check. A page request never carries the bearer
 * token (it lives in localStorage), so anything private is null here and the page renders a shell.
 */
async function getTrackPage(id: string): Promise<TrackDetails | null> {
  const response = await api.handle(new Request(`${config.publicUrl}/api/track/${encodeURIComponent(id)}`));
  return response.ok ? ((await response.json()) as TrackDetails) : null;
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

/**
 * What on-demand pages may use: the server's services, handed to Astro as `Astro.locals`, so the
 * Astro bundle never opens its own database or queue.
 */
export async function pageLocals(_request: Request): Promise<App.Locals> {
  return { publicUrl: config.publicUrl, getTrackPage, getPublicTracks };
}
