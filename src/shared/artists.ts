/** How a deleted account is named wherever its username was (lineage, cards, fork trees); it has no page. */
export const DELETED_USER = "a deleted user";

/** The address of an artist's page. */
export const artistPath = (username: string) => `/u/${encodeURIComponent(username)}`;
