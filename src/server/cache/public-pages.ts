import { presentsCredential } from "../../../modules/auth";
import { lineagePageVersion } from "../../../modules/forks/service";
import { listContentVersion } from "../../../modules/lists/service";
import type { PublicPage } from "../../../modules/pages/service";
import { artistPageVersion } from "../../../modules/profiles/service";
import { hasFilters } from "../../../modules/track-filters/service";
import { getTrack, publicPageState } from "../../../modules/tracks/service";
import { sortedPath, sortKeyOf } from "../../shared/sort-options";
import { config } from "../config";
import { pageLocals, trackPageFills, withCounterPlaceholders } from "./page-locals";

export type AstroHandler = (request: Request, locals: App.Locals) => Promise<Response>;

const TRACK_PAGE = /^\/track\/([^/]+)$/;
const TRACK_JSON = /^\/api\/track\/([^/]+)$/;

/** A key's own request: what a visitor without cookies or token asks for, whoever asked first. */
const anonymous = (key: string) => new Request(`${config().publicUrl}${key}`);

/**
 * A page with a top bar is rendered for its viewer (issue 39: the user menu, the bell, a track's owner controls), so
 * a request with a credential takes the route; the kept answer is every visitor's.
 */
const signedIn: PublicPage["mine"] = (request) => presentsCredential(request.headers);

/**
 * A fork's page version: its own and its ancestors', as one number (kept_pages and pages_due hold numbers), since
 * the page renders the chain's attribution (forks' lineagePageVersion). 53 bits of a hash: a page rendered again
 * for nothing once in 2^53 changes at worst, never a stale one kept unless two chains' versions collide.
 */
const forkPageVersion = (own: number, ancestors: string) => Number(BigInt(Bun.hash(`${own}/${ancestors}`)) & ((1n << 53n) - 1n));

/**
 * A public track's page (`/track/{id}`): due again whenever its page version goes up (migration pages_store's
 * triggers), its plays and downloads filled in as it is served. A fork's page is also made again, at its next
 * request, once a track of its chain changed (forkPageVersion).
 */
function trackPage(astro: AstroHandler): PublicPage {
  return {
    keyOf: (path) => (TRACK_PAGE.test(path) ? path : null),
    async state(key) {
      const state = await publicPageState(key.slice("/track/".length));
      if (!state) return null;
      const version = state.parentId ? forkPageVersion(state.version, await lineagePageVersion(state.parentId)) : state.version;
      return { version, fills: trackPageFills(state) };
    },
    mine: signedIn,
    render: (key) => astro(anonymous(key), pageLocals({ cached: true })),
  };
}

const EMBED_PAGE = /^\/embed\/track\/([^/]+)$/;

/**
 * A public track's embed player (`/embed/track/{id}`), in each theme (`?theme=dark`; the start time `?t=` is the
 * script's, so every start time gets the same answer): due again whenever the track's page version goes up.
 */
function embedPage(astro: AstroHandler): PublicPage {
  return {
    keyOf(path, query) {
      if (!EMBED_PAGE.test(path)) return null;
      return new URLSearchParams(query).get("theme") === "dark" ? `${path}?theme=dark` : path;
    },
    async state(key) {
      const id = EMBED_PAGE.exec(new URL(key, config().publicUrl).pathname)?.[1] ?? "";
      const state = await publicPageState(id);
      return state && { version: state.version };
    },
    render: (key) => astro(anonymous(key), pageLocals({ cached: true })),
    renderAhead: "once kept",
  };
}

/**
 * A public track's JSON (`GET /api/track/{id}`, polled while it processes): the same for every visitor. A signed-in
 * caller's copy says whether they like it (and the owner's lists whom it is shared with), so they take the route.
 */
const trackJson: PublicPage = {
  keyOf: (path) => (TRACK_JSON.test(path) ? path : null),
  async state(key) {
    const state = await publicPageState(key.slice("/api/track/".length));
    return state && { version: state.version, fills: trackPageFills(state) };
  },
  mine: signedIn,
  async render(key) {
    const track = withCounterPlaceholders(await getTrack(key.slice("/api/track/".length), null));
    return new Response(JSON.stringify(track), {
      headers: { "content-type": "application/json", "cache-control": "public, no-cache" },
    });
  },
  // What api.ts adds to every /api answer.
  headers: { "referrer-policy": "no-referrer" },
};

/** A sorted list page's key: its path in the sort asked for (`?sort=`); null from a cursor on (pages.ts). */
function sortedListKey(path: string, query: string): string | null {
  const params = new URLSearchParams(query);
  return params.has("cursor") ? null : sortedPath(path, sortKeyOf(params.get("sort")));
}

/** How long a page that shows lists' counts may show them: as long as the lists themselves do. */
const listCountsAgeMs = () => config().listCounterStalenessSeconds * 1000;

/**
 * A page of sorted lists, kept per `version` of what it shows (null: not kept), with counts as old as the lists'
 * may be (LIST_COUNTER_STALENESS_SECONDS). Every upload changes them all, and few of them are asked for at a time,
 * so only the keys someone asked for are rendered ahead.
 */
function listsPage(
  astro: AstroHandler,
  keyOf: PublicPage["keyOf"],
  version: (key: string) => Promise<string | number | null>,
): PublicPage {
  return {
    keyOf,
    async state(key) {
      const current = await version(key);
      return current === null ? null : { version: current, maxAgeMs: listCountsAgeMs() };
    },
    mine: signedIn,
    render: (key) => astro(anonymous(key), pageLocals({ cached: false })),
    renderAhead: "once kept",
  };
}

/**
 * The home page's first page in each SPEC §9 sort (`/`, `/?sort=oldest`…; any other query string gets the same
 * page), kept per version of what the lists show. Not under track filters (`/?genre=house`): every combination of
 * their values is another page, so keeping them would let anyone add rows to kept_pages without end; filtered home
 * pages take the route, which holds a bounded number of them in memory (pages.ts).
 */
const homePage = (astro: AstroHandler) =>
  listsPage(
    astro,
    (path, query) => (path === "/" && !hasFilters(new URLSearchParams(query)) ? sortedListKey(path, query) : null),
    listContentVersion,
  );

/** Usernames are SPEC §5's letters, digits, `_` and `-`; any other address is the route's (a 404). */
const ARTIST_PAGE = /^\/u\/([A-Za-z0-9_-]+)$/;

/**
 * An artist's page (`/u/{username}`): its Tracks tab in each SPEC §9 sort and its Forks tab, kept per version of
 * what it shows (profiles/service.ts artistPageVersion).
 */
function artistPage(astro: AstroHandler): PublicPage {
  const keyOf = (path: string, query: string) => {
    if (!ARTIST_PAGE.test(path)) return null;
    const params = new URLSearchParams(query);
    if (params.get("tab") === "forks" && !params.has("cursor")) return `${path}?tab=forks`;
    return sortedListKey(path, query);
  };
  const version = (key: string) => artistPageVersion(ARTIST_PAGE.exec(new URL(key, config().publicUrl).pathname)?.[1] ?? "");
  return listsPage(astro, keyOf, version);
}

const GENRE_PAGE = /^\/genre\/[^/]+$/;

/**
 * A genre's page (`/genre/{name}`) in each SPEC §9 sort, kept per version of what the lists show, as the home page
 * is; a genre no public track carries is a 404, which is never kept.
 */
const genrePage = (astro: AstroHandler) =>
  listsPage(astro, (path, query) => (GENRE_PAGE.test(path) ? sortedListKey(path, query) : null), listContentVersion);

/** Every public page kept for all instances (DEVELOPERS.md "Pages"): add a new one here. */
export const publicPages = (astro: AstroHandler): PublicPage[] => [
  trackPage(astro),
  embedPage(astro),
  trackJson,
  homePage(astro),
  artistPage(astro),
  genrePage(astro),
];
