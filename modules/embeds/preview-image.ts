import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from "../../src/shared/embed";

/** The link-preview image's look: the site's dark palette, the waveform in its indigo. */
const BACKGROUND = "#111827";
const TEXT = "#f9fafb";
const MUTED = "#d1d5db";
const WAVE = "#818cf8";
const MARGIN = 64;
const BARS = 160;
const WAVE_CENTRE = 430;
const WAVE_HALF_HEIGHT = 120;
/** Longer titles are cut with an ellipsis so they stay on one line at this size. */
const TITLE_CHARACTERS = 30;
const ARTIST_CHARACTERS = 44;

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The loudest absolute peak of each of `bars` equal runs of `peaks`, scaled so the loudest bar is 1. */
function barHeights(peaks: number[], bars: number): number[] {
  if (!peaks.length) return [];
  const size = peaks.length / bars;
  const heights = Array.from({ length: bars }, (_, bar) => {
    let loudest = 0;
    const end = Math.max(Math.floor((bar + 1) * size), Math.floor(bar * size) + 1);
    for (let index = Math.floor(bar * size); index < end; index++) loudest = Math.max(loudest, Math.abs(peaks[index] ?? 0));
    return loudest;
  });
  const top = Math.max(...heights) || 1;
  return heights.map((height) => height / top);
}

/**
 * The image link previews show for a track without cover art (1200 × 630, the shape they expect): its title and
 * artist over its waveform. Text is the track's own, escaped; the image is drawn by sharp (src/server/images).
 */
export function previewSvg(track: { title: string; primaryArtistName: string; waveformData: number[] | null }): string {
  const width = PREVIEW_WIDTH - 2 * MARGIN;
  const step = width / BARS;
  const bars = barHeights(track.waveformData ?? [], BARS)
    .map((height, index) => {
      const half = Math.max(2, Math.round(height * WAVE_HALF_HEIGHT));
      const x = (MARGIN + index * step).toFixed(1);
      return `<rect x="${x}" y="${WAVE_CENTRE - half}" width="${(step * 0.6).toFixed(1)}" height="${2 * half}" rx="2"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="100%" height="100%" fill="${BACKGROUND}"/>
<text x="${MARGIN}" y="140" fill="${TEXT}" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold">${escapeXml(cut(track.title, TITLE_CHARACTERS))}</text>
<text x="${MARGIN}" y="210" fill="${MUTED}" font-family="DejaVu Sans, Arial, sans-serif" font-size="40">${escapeXml(cut(track.primaryArtistName, ARTIST_CHARACTERS))}</text>
<g fill="${WAVE}">${bars}</g>
<text x="${PREVIEW_WIDTH - MARGIN}" y="${PREVIEW_HEIGHT - 40}" fill="${MUTED}" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" text-anchor="end">Stemma</text>
</svg>`;
}
