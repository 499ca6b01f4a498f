import { eq, sql } from "drizzle-orm";
import { db } from "../../src/server/db";
import { tracks } from "./schema";

/**
 * The track's public counters; the plays and media modules decide when something counts. A play or
 * a download is not an edit, so updatedAt keeps its value (drizzle's $onUpdateFn would bump it).
 */
const unchangedUpdatedAt = sql`${tracks.updatedAt}`;

export function incrementPlays(trackId: string): void {
  db.update(tracks)
    .set({ totalPlays: sql`${tracks.totalPlays} + 1`, updatedAt: unchangedUpdatedAt })
    .where(eq(tracks.id, trackId))
    .run();
}

export function incrementDownloads(trackId: string): void {
  db.update(tracks)
    .set({ totalDownloads: sql`${tracks.totalDownloads} + 1`, updatedAt: unchangedUpdatedAt })
    .where(eq(tracks.id, trackId))
    .run();
}
