import { perRuntime } from "../../src/server/runtime";
import { keptJson } from "./kept-json";
import { tracksRepo } from "./repo";
import { trackListItemsJson } from "./view";

/** About 3,000 cards (2.5 KB each, most of it the waveform), the oldest made forgotten first. */
const KEPT_CARDS_BYTES = 8 * 1024 * 1024;

/** The list-sized Tracks' JSON (cards), kept per track; they show plays and downloads, so for the lists' delay too. */
const keptCards = perRuntime(({ config }) =>
  keptJson({ maxBytes: KEPT_CARDS_BYTES, freshForMs: config.listCounterStalenessSeconds * 1000 }),
);

/**
 * The list-sized Tracks of these ids as the text of one JSON array (trackListItemsJson's texts), in the order given;
 * ids of no track are left out. Every list and search answer writes its tracks this way.
 */
export async function trackListJsonOf(ids: string[]): Promise<string> {
  if (!ids.length) return "[]";
  const versions = await tracksRepo.pageVersionsOf(ids);
  return keptCards().array(
    ids.map((id) => ({ key: id, version: versions.get(id) })),
    async (missing) => {
      const rows = await tracksRepo.listedByIds(missing);
      const jsons = await trackListItemsJson(rows);
      return rows.map((row, n) => ({ key: row.id, version: row.pageVersion, json: jsons[n] as string }));
    },
  );
}
