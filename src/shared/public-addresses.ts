/** The address of an artist's page. */
export const artistPath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The address of a genre's page (a hashtag's link). */
export const genrePath = (genre: string) => `/genre/${encodeURIComponent(genre)}`;

/** The RSS feeds (modules/feeds): the newest public tracks, an artist's, a genre's. */
export const TRACKS_FEED_PATH = "/feeds/tracks.xml";
export const artistFeedPath = (username: string) => `/feeds/u/${encodeURIComponent(username)}.xml`;
export const genreFeedPath = (genre: string) => `/feeds/genre/${encodeURIComponent(genre)}.xml`;
