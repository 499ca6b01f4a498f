import { DEFAULT_SORT, homePagePath, sortKeyOf } from "../../islands/tracks/sort-options";
import { verifiedSubjectOf } from "../../modules/auth";
import { listContentVersion } from "../../modules/lists/service";
import type { PublicPage } from "../../modules/pages/service";
import { artistPageVersion } from "../../modules/profiles/service";
import { getTrack, publicPageState } from "../../modules/tracks/service";
import { config } from "./config";
import { pageLocals, trackPageFills, withCounterPlaceholders } from "./page-locals";

export type AstroHandler = (request: Request, locals: App.Locals) => Promise<Response>;

const TRACK_PAGE = /^\/track\/([^/]+)$/;
const TRACK_JSON = /^\/api\/track\/([^/]+)$/;

/** A key's own request: what a visitor without cookies or token asks for, whoever asked first. */
const anonymous = (key: string) => new Request(`${config.publicUrl}${key}`);

/**
 * A public track's page (`/track/{id}`): due again whenever its page version goes up (migration pages_store's
 * triggers), its plays and downloads filled in as it is served.
 */
function trackPage(astro: AstroHandler): PublicPage {
  return {
    keyOf: (path) => (TRACK_PAGE.test(path) ? path : null),
    async state(key) {
      const state = await publicPageState(key.slice("/track/".length));
      return state && { version: state.version, fills: trackPageFills(state) };
    },
    render: (key) => astro(anonymous(key), pageLocals({ cached: true })),
  };
}

/**
 * A public track's JSON (`GET /api/track/{id}`, polled while it processes): the same for everyone but its owner,
 * whose copy lists whom the track is shared with; the owner, and a token this process has not verified yet, take
 * the route.
 */
const trackJson: PublicPage = {
  keyOf: (path) => (TRACK_JSON.test(path) ? path : null),
  async state(key) {
    const state = await publicPageState(key.slice("/api/track/".length));
    return state && { version: state.version, fills: trackPageFills(state), ownerId: state.ownerId };
  },
  mine(request, state) {
    const subject = verifiedSubjectOf(request.headers.get("authorization"));
    return subject === undefined || subject === state.ownerId;
  },
  async render(key) {
    const track = withCounterPlaceholders(await getTrack(key.slice("/api/track/".length), null));
    return new Response(JSON.stringify(track), {
      headers: { "content-type": "application/json", "cache-control": "public, no-cache" },
    });
  },
  // What api.ts adds to every /api answer.
  headers: { "referrer-policy": "no-referrer" },
};

/**
 * The home page's first page in each SPEC §9 sort (`/`, `/?sort=oldest`…; any other query string gets the same
 * page), kept per version of what the lists show; the counts it shows may be LIST_COUNTER_STALENESS_SECONDS old,
 * as the lists' are. Every upload changes all eight, so only the sorts someone has asked for are rendered ahead.
 * Pages from a cursor on are not kept here (pages.ts).
 */
function homePage(astro: AstroHandler): PublicPage {
  return {
    keyOf(path, query) {
      if (path !== "/") return null;
      const params = new URLSearchParams(query);
      if (params.has("cursor")) return null;
      return homePagePath(sortKeyOf(params.get("sort")));
    },
    state: async () => ({ version: await listContentVersion(), maxAgeMs: config.listCounterStalenessSeconds * 1000 }),
    render: (key) => astro(anonymous(key), pageLocals({ cached: false })),
    renderAhead: "once kept",
  };
}

/** Usernames are SPEC §5's letters, digits, `_` and `-`; any other address is the route's (a 404). */
const ARTIST_PAGE = /^\/u\/([A-Za-z0-9_-]+)$/;

/**
 * An artist's page (`/u/{username}`): its Tracks tab in each SPEC §9 sort and its Forks tab, kept per version of
 * what it shows (profiles/service.ts artistPageVersion); its counts may be LIST_COUNTER_STALENESS_SECONDS old, as
 * the lists' are. Pages from a cursor on are rendered per request. Few artists' pages are asked for at a time, and
 * every upload changes them all, so only those someone asked for are rendered ahead.
 */
function artistPage(astro: AstroHandler): PublicPage {
  return {
    keyOf(path, query) {
      if (!ARTIST_PAGE.test(path)) return null;
      const params = new URLSearchParams(query);
      if (params.has("cursor")) return null;
      if (params.get("tab") === "forks") return `${path}?tab=forks`;
      const sort = sortKeyOf(params.get("sort"));
      return sort === DEFAULT_SORT ? path : `${path}?sort=${sort}`;
    },
    async state(key) {
      const username = ARTIST_PAGE.exec(new URL(key, config.publicUrl).pathname)?.[1] ?? "";
      const version = await artistPageVersion(username);
      return version === null ? null : { version, maxAgeMs: config.listCounterStalenessSeconds * 1000 };
    },
    render: (key) => astro(anonymous(key), pageLocals({ cached: false })),
    renderAhead: "once kept",
  };
}

const GENRE_PAGE = /^\/genre\/[^/]+$/;

/**
 * A genre's page (`/genre/{name}`) in each SPEC §9 sort, kept per version of what the lists show, as the home page
 * is; a genre no public track carries is a 404, which is never kept. Pages from a cursor on are rendered per request.
 */
function genrePage(astro: AstroHandler): PublicPage {
  return {
    keyOf(path, query) {
      if (!GENRE_PAGE.test(path)) return null;
      const params = new URLSearchParams(query);
      if (params.has("cursor")) return null;
      const sort = sortKeyOf(params.get("sort"));
      return sort === DEFAULT_SORT ? path : `${path}?sort=${sort}`;
    },
    state: async () => ({ version: await listContentVersion(), maxAgeMs: config.listCounterStalenessSeconds * 1000 }),
    render: (key) => astro(anonymous(key), pageLocals({ cached: false })),
    renderAhead: "once kept",
  };
}

/** Every public page kept for all instances (DEVELOPERS.md "Pages"): add a new one here. */
export const publicPages = (astro: AstroHandler): PublicPage[] => [
  trackPage(astro),
  trackJson,
  homePage(astro),
  artistPage(astro),
  genrePage(astro),
];
