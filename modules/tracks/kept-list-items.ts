import { perRuntime } from "../../src/server/runtime";
import { tracksRepo } from "./repo";
import { trackListItemsJson } from "./view";

/**
 * List-sized Tracks' JSON kept per track, for answers that name their tracks by id (search): the same tracks turn up
 * in many searches, and reading a track's 41 columns and writing its JSON cost more than the search itself. An item
 * is current while its track's page version is the one it was made at (raised by every change an item shows but the
 * counters: migrations 0004 and 0016) and for LIST_COUNTER_STALENESS_SECONDS, the lists' delay for plays and
 * downloads (modules/lists/cache.ts); the version is read on every use, so every server on the database agrees.
 */
interface KeptItem {
  version: number;
  madeAt: number;
  json: string;
}

/** About 3,000 cards (2.5 KB each, most of it the waveform), the oldest made forgotten first. */
const KEPT_ITEMS_BYTES = 8 * 1024 * 1024;

const keptItems = perRuntime(({ config }) => ({
  items: new Map<string, KeptItem>(),
  bytes: 0,
  freshForMs: config.listCounterStalenessSeconds * 1000,
}));

/** The list-sized Tracks of these ids as the text of one JSON array, in the order given; ids of no track are left out. */
export async function trackListJsonOf(ids: string[]): Promise<string> {
  if (!ids.length) return "[]";
  const kept = keptItems();
  const versions = await tracksRepo.pageVersionsOf(ids);
  const now = performance.now();
  const current = new Map<string, string>();
  const missing: string[] = [];
  for (const id of ids) {
    const version = versions.get(id);
    if (version === undefined) continue;
    const item = kept.items.get(id);
    if (item && item.version === version && now - item.madeAt < kept.freshForMs) current.set(id, item.json);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await tracksRepo.listedByIds(missing);
    const jsons = await trackListItemsJson(rows);
    rows.forEach((row, n) => {
      const json = jsons[n] as string;
      current.set(row.id, json);
      keep(kept, row.id, { version: row.pageVersion, madeAt: now, json });
    });
  }
  return `[${ids.flatMap((id) => current.get(id) ?? []).join(",")}]`;
}

function keep(kept: ReturnType<typeof keptItems>, id: string, item: KeptItem): void {
  const replaced = kept.items.get(id);
  if (replaced) {
    kept.bytes -= replaced.json.length;
    kept.items.delete(id);
  }
  kept.items.set(id, item);
  kept.bytes += item.json.length;
  for (const [oldest, { json }] of kept.items) {
    if (kept.bytes <= KEPT_ITEMS_BYTES) break;
    kept.items.delete(oldest);
    kept.bytes -= json.length;
  }
}
