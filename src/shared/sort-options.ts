/** SPEC §9 sort options, and issue 41's ninth (most liked): label, field, direction; newest first by default. */
export const SORT_OPTIONS = [
  { key: "newest", label: "Newest First", field: "createdAt", direction: "desc" },
  { key: "oldest", label: "Oldest First", field: "createdAt", direction: "asc" },
  { key: "titleAsc", label: "Title A-Z", field: "title", direction: "asc" },
  { key: "titleDesc", label: "Title Z-A", field: "title", direction: "desc" },
  { key: "durationAsc", label: "Duration Shortest", field: "duration", direction: "asc" },
  { key: "durationDesc", label: "Duration Longest", field: "duration", direction: "desc" },
  { key: "artistAsc", label: "Artist A-Z", field: "primaryArtistName", direction: "asc" },
  { key: "artistDesc", label: "Artist Z-A", field: "primaryArtistName", direction: "desc" },
  { key: "mostLiked", label: "Most liked", field: "likeCount", direction: "desc" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["key"];
export const DEFAULT_SORT: SortKey = "newest";
/**
 * The direction a sort field takes when a request names none: counts and dates from the most (the newest) down,
 * names and durations from the start.
 */
export const defaultDirectionOf = (field: string): "asc" | "desc" =>
  field === "createdAt" || field === "likeCount" ? "desc" : "asc";
/** The page size of every track list. */
export const PAGE_SIZE = 20;

/** A sorted list page's path in a sort: `path` in the default one, `path?sort=<key>` in the others. */
export const sortedPath = (path: string, sort: SortKey): string => (sort === DEFAULT_SORT ? path : `${path}?sort=${sort}`);

/** The home page's path in a sort: `/` in the default one, `/?sort=<key>` in the others. */
export const homePagePath = (sort: SortKey): string => sortedPath("/", sort);

/** A sort key from an address (`?sort=`), the default for anything else. */
export function sortKeyOf(value: string | null | undefined): SortKey {
  return SORT_OPTIONS.find((option) => option.key === value)?.key ?? DEFAULT_SORT;
}
