/** How a deleted account is named wherever its username was (lineage, cards, fork trees); it has no page. */
export const DELETED_USER = "a deleted user";
