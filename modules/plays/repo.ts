import { and, eq, gt } from "drizzle-orm";
import { db } from "../../src/server/db";
import { playEvents } from "./schema";

export type NewPlayEvent = typeof playEvents.$inferInsert;

export const playsRepo = {
  /** Whether this listener already has a counted play of the track after `since`. */
  countedSince: (trackId: string, listenerKey: string, since: Date): boolean =>
    db
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(and(eq(playEvents.trackId, trackId), eq(playEvents.listenerKey, listenerKey), gt(playEvents.countedAt, since)))
      .get() !== undefined,

  insert: (event: NewPlayEvent): void => {
    db.insert(playEvents).values(event).run();
  },

  /** Runs `work` in one SQLite transaction, so a check and the insert it allows cannot interleave. */
  transaction: <T>(work: () => T): T => db.transaction(() => work()),
};
