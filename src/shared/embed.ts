import { isProcessingUrl } from "./processing-marker";

/**
 * The embeddable player's address and code, shared by the embed page, the oEmbed provider, link previews and the
 * share menu, so all of them hand out the same iframe.
 */

export type EmbedTheme = "light" | "dark";

/** The height every size of the player keeps (its least width is 320: islands/embed/embed.css). */
export const EMBED_HEIGHT = 120;
/** The width the oEmbed provider and link previews offer when nothing smaller is asked for. */
export const EMBED_DEFAULT_WIDTH = 560;

/** The sizes the share menu offers: a fixed width in pixels, or `100%` of the page it is put in. */
export const EMBED_SIZES = [
  { key: "compact", label: "Compact (320 × 120)", width: "320" },
  { key: "standard", label: "Standard (560 × 120)", width: "560" },
  { key: "full", label: "Full width (100% × 120)", width: "100%" },
] as const;
export type EmbedSizeKey = (typeof EMBED_SIZES)[number]["key"];

export const embedThemeOf = (value: string | null | undefined): EmbedTheme => (value === "dark" ? "dark" : "light");

/** `/embed/track/{id}`, with `?theme=dark` and `t=` (whole seconds) when asked for. */
export function embedPath(trackId: string, options: { theme?: EmbedTheme; t?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.theme === "dark") query.set("theme", "dark");
  if (options.t && options.t > 0) query.set("t", String(Math.floor(options.t)));
  const search = query.toString();
  return `/embed/track/${encodeURIComponent(trackId)}${search ? `?${search}` : ""}`;
}

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The `<iframe>` a blog, forum or oEmbed consumer puts in its page. */
export function embedCode(src: string, width: string | number, height: number, title: string): string {
  return `<iframe src="${escapeAttribute(src)}" width="${escapeAttribute(String(width))}" height="${height}" title="${escapeAttribute(title)}" style="border:0" allow="autoplay; encrypted-media" loading="lazy"></iframe>`;
}

interface EmbedCandidate {
  isPublic: boolean;
  originalUrl: string | null;
  coverArt: string | null;
  fullTrackMp3Url: string | null;
  duration: number | null;
  waveformData: number[] | null;
  stems: { processingStatus: string }[];
}

/**
 * Whether a track has an embed player (and an oEmbed answer, and feed entries): public, its audio and cover done
 * processing, its MP3 and waveform there. The same check everywhere, so none of them hands out a pending track.
 */
export function isEmbeddable(track: EmbedCandidate): boolean {
  return (
    track.isPublic &&
    !isProcessingUrl(track.originalUrl) &&
    !isProcessingUrl(track.coverArt) &&
    !track.stems.some((stem) => stem.processingStatus === "PENDING") &&
    !!track.fullTrackMp3Url &&
    !!track.duration &&
    !!track.waveformData?.length
  );
}

/** Where a track's generated link-preview image is served (modules/embeds): for tracks without cover art. */
export const previewImagePath = (trackId: string) => `/api/track/${encodeURIComponent(trackId)}/preview.png`;
/** The generated link-preview image's size: the 1.91:1 shape link previews (OpenGraph, X cards) expect. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
