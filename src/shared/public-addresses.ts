/** The address of an artist's page. */
export const artistPath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The address of a genre's page (a hashtag's link). */
export const genrePath = (genre: string) => `/genre/${encodeURIComponent(genre)}`;
