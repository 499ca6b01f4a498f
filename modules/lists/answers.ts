import { Elysia } from "elysia";
import { pathAndQuery } from "../../src/server/http/request-url";
import { perRuntime } from "../../src/server/runtime";
import { carriesAccessToken, verifiedViewerOf } from "../auth";
import type { Viewer } from "../auth/service";
import { hasFilters } from "../track-filters/service";
import { createListCache } from "./cache";
import { DeletedQuery, FilteredListQuery } from "./model";
import { listContentVersion } from "./service";

/** Lists answers kept in memory: a few hundred pages of 20 cards (≈ 60 KB each with their compressed forms). */
const LIST_CACHE_BYTES = 24 * 1024 * 1024;
/**
 * Open-ended answers are kept apart, in a smaller budget: filtered lists (track-filters on /public and /available),
 * lists with parameters no route reads, and searches, where any text or combination of filter values is a key of its
 * own, so a crawl through them would otherwise push the plain lists everyone reads out.
 */
const OPEN_ENDED_CACHE_BYTES = 8 * 1024 * 1024;
/** The two caches, each holding answers from the one database of its runtime. */
const listCaches = perRuntime(({ config }) => {
  const counterStalenessMs = config.listCounterStalenessSeconds * 1000;
  return {
    plain: createListCache({ maxBytes: LIST_CACHE_BYTES, counterStalenessMs }),
    openEnded: createListCache({ maxBytes: OPEN_ENDED_CACHE_BYTES, counterStalenessMs }),
  };
});
/**
 * Open-ended keys asked for once so far: their answers are kept from the second request on, since a search or filter
 * nobody repeats would only cost its hard compression (compression.ts precompress). At most ASKED_ONCE_KEYS, the
 * oldest forgotten first.
 */
const ASKED_ONCE_KEYS = 10_000;
const askedOnce = new Set<string>();
function askedBefore(key: string): boolean {
  if (askedOnce.delete(key)) return true;
  askedOnce.add(key);
  if (askedOnce.size > ASKED_ONCE_KEYS) askedOnce.delete(askedOnce.values().next().value as string);
  return false;
}

/** Every query parameter a list route reads (model.ts): the plain lists', the filters' and the deleted list's. */
const LIST_PARAMETERS = new Set([...Object.keys(FilteredListQuery.properties), ...Object.keys(DeletedQuery.properties)]);

/**
 * Whether a list's query string makes an open-ended key: a filter set, or a parameter no list route reads (a cache
 * buster, `?_=` and a new number each time), which the route ignores but is part of the key; kept with the plain
 * lists, each would be built, compressed hard and kept, pushing out the lists everyone reads.
 */
export function isOpenEndedQuery(query: string): boolean {
  if (!query) return false;
  const params = new URLSearchParams(query);
  return hasFilters(params) || [...params.keys()].some((name) => !LIST_PARAMETERS.has(name));
}

/** The cache a list's answer is kept in, by its query string. */
const cacheOf = (query: string) => (isOpenEndedQuery(query) ? listCaches().openEnded : listCaches().plain);

/**
 * Who a list's answer is the same for: everyone (the public list), one signed-in user (their own, shared and
 * available lists) or every admin (the deleted tracks).
 */
export type Audience = "anyone" | "viewer" | "admin";

/** The list routes (modules/lists/index.ts, mounted under /api) and their audiences. */
const AUDIENCES: Record<string, Audience> = {
  "/api/tracks/public": "anyone",
  "/api/tracks": "viewer",
  "/api/tracks/shared": "viewer",
  "/api/tracks/available": "viewer",
  "/api/tracks/deleted": "admin",
};

/**
 * The cache key: the exact path and query string (an answer is a function of them, and only answers that
 * passed the route's validation are ever kept) and whom the answer is for: everyone, every admin, or one user.
 */
function keyOf({ path, query }: { path: string; query: string }, audience: Audience, userId: string | undefined): string {
  return `${audience === "viewer" ? `viewer:${userId}` : audience} ${path}${query}`;
}

/**
 * The list answer from the cache, before Elysia routes, validates and checks anything (an `onRequest` hook):
 * undefined for anything else, for a list not kept or no longer current, for an anonymous, not-yet-verified or
 * ended session and for a non-admin asking for an admin's list; those take the route, which answers or refuses.
 * A user's lists depend on their id alone, but their row is read: a session they ended must not be answered.
 */
async function cachedListAnswer({ request }: { request: Request }): Promise<Response | undefined> {
  if (request.method !== "GET") return undefined;
  const target = pathAndQuery(request.url);
  const audience = AUDIENCES[target.path];
  if (!audience) return undefined;
  // An access token's scopes are checked on the route: even a list anyone may read is not answered here for one.
  if (carriesAccessToken(request.headers)) return undefined;
  const viewer = audience === "anyone" ? null : await verifiedViewerOf(request.headers);
  if (audience !== "anyone" && !viewer) return undefined;
  if (audience === "admin" && viewer?.role !== "ADMIN") return undefined;
  return cacheOf(target.query).hit(request, keyOf(target, audience, viewer?.id), await listContentVersion());
}

/**
 * Mounted first in /api (src/server/api.ts), before any hook that sets headers: Elysia sends an early Response
 * as it is only while nothing was set, and otherwise copies it into a new one.
 */
export const cachedLists = new Elysia({ name: "lists.cached" }).onRequest(cachedListAnswer);

/**
 * The route's answer (its guard has let `viewer` in): the kept one when current, else `build()` kept at the
 * content version read before building; an open-ended one asked for the first time is sent as built, not kept.
 * Search (modules/search) keeps its answers here too, all `openEnded`: what it finds changes only with what the
 * lists show (tracks, their stems and shares, usernames all raise the version).
 */
export async function listAnswer(
  request: Request,
  audience: Audience,
  viewer: Viewer | null,
  /** The answer's JSON text. */
  build: () => Promise<string>,
  { openEnded = false }: { openEnded?: boolean } = {},
): Promise<Response> {
  const version = await listContentVersion();
  const target = pathAndQuery(request.url);
  const key = keyOf(target, audience, viewer?.id);
  const cache = openEnded ? listCaches().openEnded : cacheOf(target.query);
  const kept = cache.hit(request, key, version);
  if (kept) return kept;
  if (cache === listCaches().openEnded && !askedBefore(key)) return cache.once(request, audience === "anyone", build);
  return cache.build(request, key, version, audience === "anyone", build);
}
