import { Elysia } from "elysia";
import { authGuard } from "../auth";
import { SearchPage, SearchQuery } from "./model";
import { search } from "./service";

/**
 * GET /api/search: tracks, stems or artists matching a text, among what the caller may see (visitors:
 * public tracks; signed-in users also their own and those shared with them), filtered, by relevance or a list sort.
 */
export const searchModule = new Elysia({ name: "module.search", detail: { tags: ["Search"] } })
  .use(authGuard)
  .get("/search", ({ viewer, query }) => search(query, viewer), {
    query: SearchQuery,
    response: SearchPage,
    detail: {
      summary: "Search tracks, stems or artists",
      description:
        "Every word of q must match, as a prefix, in any order, ignoring case and accents: titles, artists, uploaders, " +
        "genres, descriptions and stem names (artists: the artist name). CJK text of three or more characters matches " +
        "as a substring. Paged like the lists (items, metadata.nextCursor); sorted by relevance unless sortField is given.",
    },
  });
