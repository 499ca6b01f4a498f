import type { TrackListItem } from "../tracks/model";

/** A feed's channel: what it lists and where (absolute addresses on PUBLIC_URL). */
export interface Channel {
  title: string;
  description: string;
  /** The page the feed follows (`/`, `/u/{username}`, `/genre/{name}`). */
  link: string;
  /** The feed's own address (atom:link rel="self", as the RSS Advisory Board recommends). */
  self: string;
}

const escapeXml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;")
    // XML 1.0 allows no control characters but tab, newline and carriage return.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

/** RFC 822 dates, as RSS 2.0 wants them (`toUTCString` writes exactly that form). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

function item(track: TrackListItem, absolute: (path: string) => string): string {
  const page = absolute(`/track/${track.id}`);
  const description = track.description.trim() || `${track.title} by ${track.primaryArtistName}`;
  return [
    "<item>",
    `<title>${escapeXml(`${track.title} by ${track.primaryArtistName}`)}</title>`,
    `<link>${escapeXml(page)}</link>`,
    `<guid isPermaLink="true">${escapeXml(page)}</guid>`,
    `<pubDate>${rfc822(track.createdAt)}</pubDate>`,
    `<dc:creator>${escapeXml(track.primaryArtistName)}</dc:creator>`,
    `<description>${escapeXml(description)}</description>`,
    ...track.genreNames.map((genre) => `<category>${escapeXml(genre)}</category>`),
    `<enclosure url="${escapeXml(absolute(track.fullTrackMp3Url as string))}" length="${track.mp3SizeBytes}" type="audio/mpeg"/>`,
    "</item>",
  ].join("");
}

/** An RSS 2.0 document (rssboard.org) of `tracks`, newest first, each with its MP3 as the enclosure. */
export function rssDocument(channel: Channel, tracks: TrackListItem[], absolute: (path: string) => string): string {
  const newest = tracks[0]?.createdAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    "<language>en</language>",
    "<generator>Stemma</generator>",
    newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : "",
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...tracks.map((track) => item(track, absolute)),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
