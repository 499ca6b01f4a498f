import { and, asc, eq } from "drizzle-orm";
import { db } from "../../src/server/db";
import { notFound } from "../../src/server/errors";
import { assertKey } from "../../src/server/store/file-store";
import type { CoverSize } from "./cover-art";
import { trackKeys } from "./keys";
import { type Stem, stems, type Track } from "./schema";

/**
 * What the media and conversion modules need to know about a track's files: its stems and where
 * derivative files live. Keys are built from server-made ids only, never from request input.
 */
export function findStemOf(trackId: string, stemId: string): Stem | undefined {
  return db
    .select()
    .from(stems)
    .where(and(eq(stems.trackId, trackId), eq(stems.id, stemId)))
    .get();
}

export function listStemsOf(trackId: string): Stem[] {
  return db.select().from(stems).where(eq(stems.trackId, trackId)).orderBy(asc(stems.index)).all();
}

/**
 * Inside the track's folder, so deleting the track's files removes its derivatives too. One key per
 * conversion run, so an expiry sweep never deletes a newer run's file.
 */
export function derivativeKey(trackId: string, conversionId: string, format: "wav" | "flac"): string {
  return assertKey(`${trackKeys.folder(trackId)}/derived/${conversionId}.${format}`);
}

/** A stem of a track the caller may already see (checked by access.ts); 404 when it is not that track's. */
export function requireStemOf(trackId: string, stemId: string): Stem {
  const stem = findStemOf(trackId, stemId);
  if (!stem) throw notFound("Stem not found");
  return stem;
}

/** The stored WebP of one cover size, once processing has made the sizes (coverArtKey is then set). */
export function coverVariantKey(track: Track, size: CoverSize): string | null {
  return track.coverArtKey ? trackKeys.coverVariant(track.coverArtKey, size) : null;
}
