import { Elysia } from "elysia";
import { authGuard } from "../auth";
import { listAnswer } from "../lists";
import { SearchPage, SearchQuery } from "./model";
import { search } from "./service";

/**
 * GET /api/search: tracks, stems or artists matching a text, among what the caller may see (visitors: public
 * tracks; signed-in users also their own and those shared with them), filtered, by relevance or a list sort. Answers
 * are kept like the lists' (one copy for every visitor, one per signed-in user) while what lists show is unchanged:
 * the same words typed by many cost one query.
 */
export const searchModule = new Elysia({ name: "module.search", detail: { tags: ["Search"] } })
  .use(authGuard)
  .get(
    "/search",
    ({ request, viewer, query }) =>
      listAnswer(request, viewer ? "viewer" : "anyone", viewer, () => search(query, viewer), { openEnded: true }),
    {
      query: SearchQuery,
      response: SearchPage,
      detail: {
        summary: "Search tracks, stems or artists",
        description:
          "Every word of q must match, as a prefix, in any order, ignoring case and accents: titles, artists, uploaders, " +
          "genres, descriptions and stem names (artists: the artist name). CJK text of three or more characters matches " +
          "as a substring. Paged like the lists (items, metadata.nextCursor); sorted by relevance unless sortField is given.",
      },
    },
  );
