import { and, eq, gt } from "drizzle-orm";
import { db } from "../../src/server/db";
import type { Executor } from "../../src/server/db/transaction";
import { playEvents } from "./schema";

export type NewPlayEvent = typeof playEvents.$inferInsert;

export const playsRepo = {
  /** Whether this listener already has a counted play of the track after `since`. */
  countedSince: async (trackId: string, listenerKey: string, since: Date, executor: Executor = db()): Promise<boolean> =>
    (
      await executor
        .select({ id: playEvents.id })
        .from(playEvents)
        .where(and(eq(playEvents.trackId, trackId), eq(playEvents.listenerKey, listenerKey), gt(playEvents.countedAt, since)))
        .limit(1)
    ).length > 0,

  insert: async (event: NewPlayEvent, executor: Executor = db()): Promise<void> => {
    await executor.insert(playEvents).values(event);
  },
};
