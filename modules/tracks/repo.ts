import { and, eq } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type Track, trackShares, tracks } from "./schema";

export const tracksRepo = {
  findById: (id: string): Track | undefined => db.select().from(tracks).where(eq(tracks.id, id)).get(),
  isSharedWith: (trackId: string, userId: string): boolean =>
    db
      .select({ trackId: trackShares.trackId })
      .from(trackShares)
      .where(and(eq(trackShares.trackId, trackId), eq(trackShares.userId, userId)))
      .get() !== undefined,
};
