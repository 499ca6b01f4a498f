import { trackFromFileName, withoutExtension } from "./file-names";

/** SPEC §9: a cover belongs to a track when their names are more similar than this. */
export const COVER_MATCH_THRESHOLD = 0.7;

/** Words that describe the picture rather than the track ("cover", "front", "artwork"). */
const ART_WORDS = /\b(?:cover|front|artwork|art|folder)\b/g;

/**
 * A file name reduced to the words that identify a track: lower case, no extension, accents
 * folded, no leading track number, no bracketed extras ("(feat. …)", "(Extended Mix)"), "&" read
 * as "and", no picture words, punctuation turned into single spaces.
 */
export function normaliseName(fileName: string): string {
  return normaliseWords(withoutExtension(fileName));
}

function normaliseWords(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[([{][^)\]}]*[)\]}]/g, " ")
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/^\s*\d{1,3}\s+/, "")
    .replace(ART_WORDS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const compact = text.replace(/ /g, "");
  for (let i = 0; i < compact.length - 1; i++) {
    const pair = compact.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice similarity of two normalised names over letter pairs: 1 is identical, 0 unrelated. */
export function similarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const left = bigrams(a);
  const right = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [pair, count] of left) {
    shared += Math.min(count, right.get(pair) ?? 0);
    total += count;
  }
  for (const count of right.values()) total += count;
  return total === 0 ? 0 : (2 * shared) / total;
}

/**
 * How well a cover's name fits a track's: the better of the whole name and the title alone, since
 * covers are often named after the title only ("glass-harbour-cover.png").
 */
export function coverScore(trackFileName: string, coverFileName: string): number {
  const cover = normaliseName(coverFileName);
  const { title } = trackFromFileName(trackFileName);
  return Math.max(similarity(normaliseName(trackFileName), cover), similarity(normaliseWords(title), cover));
}

/**
 * Pairs covers with tracks, one cover per track at most: the best-scoring pairs above the threshold
 * are taken first, so a cover that fits two tracks goes to the one it fits better.
 * Returns track index → cover index.
 */
export function matchCovers(trackFileNames: readonly string[], coverFileNames: readonly string[]): Map<number, number> {
  const candidates: { track: number; cover: number; score: number }[] = [];
  trackFileNames.forEach((trackName, track) => {
    coverFileNames.forEach((coverName, cover) => {
      const score = coverScore(trackName, coverName);
      if (score > COVER_MATCH_THRESHOLD) candidates.push({ track, cover, score });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.track - b.track || a.cover - b.cover);
  const matches = new Map<number, number>();
  const usedCovers = new Set<number>();
  for (const { track, cover } of candidates) {
    if (matches.has(track) || usedCovers.has(cover)) continue;
    matches.set(track, cover);
    usedCovers.add(cover);
  }
  return matches;
}
