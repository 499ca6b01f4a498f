import { config } from "../../src/server/config";
import { notFound } from "../../src/server/errors";
import { artistFeedPath, artistPath, genreFeedPath, genrePath, TRACKS_FEED_PATH } from "../../src/shared/public-addresses";
import type { TrackPage } from "../lists/model";
import { listArtistTracks, listTracks } from "../lists/service";
import { artistProfile } from "../profiles/service";
import type { TrackListItem } from "../tracks/model";
import { type Channel, rssDocument } from "./rss";

/** Items per feed: readers poll often, so the newest few dozen are plenty. */
const FEED_SIZE = 50;
const NEWEST = { limit: FEED_SIZE, sortField: "createdAt", sortDirection: "desc" } as const;

/** A list page as the lists write it (JSON text), read back. */
const pageOf = (json: string) => JSON.parse(json) as TrackPage;

const absolute = (path: string) => new URL(path, config().publicUrl).href;

/**
 * Only tracks a listener can play: the lists give public, active tracks; those still processing (or failed) have no
 * MP3 to enclose yet and wait for a later poll.
 */
const playable = (tracks: TrackListItem[]) =>
  tracks.filter((track) => track.isPublic && track.processingStatus === "READY" && track.fullTrackMp3Url);

const feed = (channel: Channel, tracks: TrackListItem[]) => rssDocument(channel, playable(tracks), absolute);

/** `/feeds/tracks.xml`: the newest public tracks. */
export async function tracksFeed(): Promise<string> {
  const page = pageOf(await listTracks("public", null, NEWEST));
  return feed(
    {
      title: "Stemma: newest tracks",
      description: "The newest public tracks on Stemma",
      link: absolute("/"),
      self: absolute(TRACKS_FEED_PATH),
    },
    page.items,
  );
}

/** `/feeds/u/{username}.xml`: an artist's public tracks; 404 for no such artist. */
export async function artistFeed(username: string): Promise<string> {
  const artist = await artistProfile(username);
  const page = pageOf(await listArtistTracks("tracks", artist.id, NEWEST));
  return feed(
    {
      title: `${artist.displayName || artist.username} on Stemma`,
      description: `Public tracks by ${artist.displayName || artist.username} on Stemma`,
      link: absolute(artistPath(artist.username)),
      self: absolute(artistFeedPath(artist.username)),
    },
    page.items,
  );
}

/** `/feeds/genre/{name}.xml`: the public tracks carrying a genre; 404 when none does, as the genre's page. */
export async function genreFeed(genre: string): Promise<string> {
  const name = genre.trim();
  const page = name ? pageOf(await listTracks("public", null, NEWEST, { genre: name })) : null;
  if (!page?.items.length) throw notFound("No public track carries this genre");
  return feed(
    {
      title: `#${name} on Stemma`,
      description: `Public tracks tagged #${name} on Stemma`,
      link: absolute(genrePath(name)),
      self: absolute(genreFeedPath(name)),
    },
    page.items,
  );
}
