import { inArray } from "drizzle-orm";
import { db } from "../../src/server/db";
import { transaction } from "../../src/server/db/transaction";
import type { StemMixSettings } from "../../src/shared/stem-mix";
import { type Track, tracks } from "../tracks/schema";
import { type Admit, insertForkIn, listStemsOf, waveformOf } from "../tracks/service";

/** What the forker chooses, and what it costs them; everything else comes from the track forked. */
export interface ForkChoices {
  title: string;
  description: string;
  isPublic: boolean;
  /** The fork's own charge (src/shared/fork-cost.ts), never the original's: the files it shares cost it nothing. */
  totalQuotaSeconds: number;
}

/**
 * One transaction: the quota check (`admit`), the new track and stem rows naming the
 * original's files (nothing is copied), and the original's forkCount + 1. Counters, shares and
 * conversions start afresh; conversions are per track, so the fork makes its own on request. With `mixes` (by
 * the original stem's id) the stems carry them and the fork waits, PENDING, for its full track to be rendered
 * from them (`mixStale`: processing hands it to the regeneration).
 */
export async function insertForkWithinQuota(
  original: Track,
  ownerId: string,
  choices: ForkChoices,
  mixes: Map<string, StemMixSettings> | null,
  admit: Admit,
): Promise<Track> {
  const forkId = crypto.randomUUID();
  const { id: _id, createdAt: _c, updatedAt: _u, totalPlays: _p, totalDownloads: _d, forkCount: _f, ...carried } = original;
  const stemRows = (await listStemsOf(original.id)).map(({ id: stemId, createdAt: _sc, ...stem }) => {
    const mix = mixes?.get(stemId);
    return {
      ...stem,
      ...(mix && { mixGainDb: mix.gainDb, mixPan: mix.pan, mixMuted: mix.muted }),
      id: crypto.randomUUID(),
      trackId: forkId,
    };
  });
  const rendering = mixes ? { processingStatus: "PENDING" as const, mixStale: true } : {};
  const waveform = await waveformOf(original.id);
  return transaction(async (tx) => {
    await admit(tx);
    const fork = { ...carried, ...choices, ...rendering, id: forkId, userId: ownerId, isFork: true, forkedFromId: original.id };
    return insertForkIn(tx, fork, waveform, stemRows);
  });
}

/** The tracks forked from any of `parentIds` (one level of the tree), oldest first. */
export async function forksOf(parentIds: string[]): Promise<Track[]> {
  if (parentIds.length === 0) return [];
  return db().select().from(tracks).where(inArray(tracks.forkedFromId, parentIds)).orderBy(tracks.createdAt, tracks.id);
}
