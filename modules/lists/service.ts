import { readsUntilChanged } from "../../src/server/db/changes";
import { defaultDirectionOf } from "../../src/shared/sort-options";
import type { Viewer } from "../auth/service";
import type { TrackFilterQuery } from "../track-filters/model";
import { filtersKeyOf, trackFiltersOf } from "../track-filters/service";
import { trackListJsonOf } from "../tracks/service";
import { decodeCursor, encodeCursor } from "./cursor";
import { DEFAULT_LIMIT, DELETED_STATUSES, type DeletedStatus, type Sort } from "./model";
import { listsRepo, type Scope } from "./repo";

const versionReads = readsUntilChanged<number>(1);

/**
 * The version of what every list shows (schema.ts): pages built from lists are kept per version. Read before every
 * kept list answer; read again only once the database changed.
 */
export const listContentVersion = (): Promise<number> => versionReads("", listsRepo.contentVersion);

export type ListName = "own" | "public" | "shared" | "available";

export interface PageQuery {
  cursor?: string;
  limit?: number;
  sortField?: Sort["field"];
  sortDirection?: Sort["direction"];
}

/** SPEC §9: newest first unless asked otherwise. */
const DEFAULT_SORT: Sort = { field: "createdAt", direction: "desc" };
/** The admin screen's default (SPEC §9): title ascending. */
const DEFAULT_DELETED_SORT: Sort = { field: "title", direction: "asc" };

function scopesOf(list: ListName, viewer: Viewer | null): Scope[] {
  if (list === "public" || !viewer) return [{ kind: "public" }];
  if (list === "own") return [{ kind: "owner", userId: viewer.id }];
  if (list === "shared") return [{ kind: "shared", userId: viewer.id }];
  return [{ kind: "public" }, { kind: "owner", userId: viewer.id }, { kind: "shared", userId: viewer.id }];
}

/**
 * A TrackPage's JSON text (model.ts; what JSON.stringify makes of it), its items written by trackListJsonOf: list
 * answers are sent and kept as this text, never built as objects first.
 */
export type TrackPageJson = string;

/**
 * A page of tracks as JSON text: the items' (tracks' trackListJsonOf, each card kept under its track's version) and the
 * metadata's, in TrackPage's order.
 */
const trackPageJson = (itemsJson: string, metadata: { nextCursor: string | null }): TrackPageJson =>
  `{"items":${itemsJson},"metadata":${JSON.stringify(metadata)}}`;

/** One page plus the cursor after its last item; reads one extra row to know whether more follow. */
async function readPage(
  scopes: Scope[],
  query: PageQuery,
  fallback: Sort,
  filterQuery: TrackFilterQuery = {},
): Promise<TrackPageJson> {
  const field = query.sortField ?? fallback.field;
  const sort: Sort = {
    field,
    direction: query.sortDirection ?? (field === fallback.field ? fallback.direction : defaultDirectionOf(field)),
  };
  const limit = query.limit ?? DEFAULT_LIMIT;
  const filtersKey = filtersKeyOf(filterQuery);
  const after = query.cursor ? decodeCursor(query.cursor, sort, filtersKey) : null;
  const filters = await trackFiltersOf(filterQuery);
  const keys = await listsRepo.pageKeys(scopes, filters, sort, after, limit + 1);
  const shown = keys.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor = keys.length > limit && last ? encodeCursor(sort, filtersKey, last) : null;
  return trackPageJson(await trackListJsonOf(shown.map((key) => key.id)), { nextCursor });
}

/**
 * GET /tracks, /tracks/public, /tracks/shared, /tracks/available: active tracks only, never deleted ones. `filters`:
 * the track filters of search (track-filters), which the public and available lists (the home page's) take.
 */
export function listTracks(
  list: ListName,
  viewer: Viewer | null,
  query: PageQuery,
  filters: TrackFilterQuery = {},
): Promise<TrackPageJson> {
  return readPage(scopesOf(list, viewer), query, DEFAULT_SORT, filters);
}

/** What an artist's page lists: their public tracks, their public forks, or public forks others made of theirs. */
export type ArtistList = "tracks" | "forks" | "forked";
const ARTIST_SCOPES = { tracks: "artist", forks: "artistForks", forked: "forkedFromArtist" } as const;

/** GET /api/users/{username}/tracks, /forks and /forked: public, active tracks only, for anyone. */
export function listArtistTracks(list: ArtistList, userId: string, query: PageQuery): Promise<TrackPageJson> {
  return readPage([{ kind: ARTIST_SCOPES[list], userId }], query, DEFAULT_SORT);
}

/** GET /api/tracks/following: the public tracks and forks of the artists the viewer follows, newest first. */
export function listFollowedTracks(viewer: Viewer, query: PageQuery): Promise<TrackPageJson> {
  return readPage([{ kind: "followed", userId: viewer.id }], query, DEFAULT_SORT);
}

/** GET /api/users/{username}/likes: the public tracks a user likes (modules/likes decides who may read it). */
export function listLikedTracks(userId: string, query: PageQuery): Promise<TrackPageJson> {
  return readPage([{ kind: "liked", userId }], query, DEFAULT_SORT);
}

/** The admin's deleted-tracks list (the route checks the admin): one status, or both when none is given. */
export function listDeletedTracks(query: PageQuery & { status?: DeletedStatus }): Promise<TrackPageJson> {
  const statuses = query.status ? [query.status] : DELETED_STATUSES;
  return readPage(
    statuses.map((status) => ({ kind: "status", status })),
    query,
    DEFAULT_DELETED_SORT,
  );
}

export async function countDeletedTracks(status?: DeletedStatus): Promise<{ count: number }> {
  return { count: await listsRepo.countByStatus(status ? [status] : DELETED_STATUSES) };
}
