import { DELETED_USER } from "./artists";

/** The address of a track's page. */
export const trackPath = (id: string) => `/track/${encodeURIComponent(id)}`;

/** The address of an album's page. */
export const albumPath = (id: string) => `/album/${encodeURIComponent(id)}`;

/** The address of an artist's page. */
export const artistPath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The page of a track's uploader, or null for an account that is gone (it has no page). */
export const uploaderPath = (username: string | null | undefined): string | null =>
  username && username !== DELETED_USER ? artistPath(username) : null;

/** The address of a genre's page (a hashtag's link). */
export const genrePath = (genre: string) => `/genre/${encodeURIComponent(genre)}`;

/** The RSS feeds (modules/feeds): the newest public tracks, an artist's, a genre's. */
export const TRACKS_FEED_PATH = "/feeds/tracks.xml";
export const artistFeedPath = (username: string) => `/feeds/u/${encodeURIComponent(username)}.xml`;
export const genreFeedPath = (genre: string) => `/feeds/genre/${encodeURIComponent(genre)}.xml`;
