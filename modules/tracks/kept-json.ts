/**
 * JSON made of tracks' rows, kept per key (a track, a stem) under its track's page version, which every change the
 * JSON can show raises but plays and downloads (migrations 0004 and 0016): the same tracks turn up in many searches,
 * and reading their rows and writing their JSON cost more than the search itself. A kept text is used while the
 * version read with the request is the one it was made at, and for `freshForMs` (the lists' delay for counts, for
 * JSON that shows them). The versions are read on every use, so every server on the database agrees.
 */
export interface KeptJson {
  /**
   * The texts of `wanted` joined as a JSON array, in its order, leaving out what has no version (no such track);
   * `make` writes the ones not kept (or no longer current) from their rows, each with the version it read.
   */
  array(wanted: Wanted[], make: (keys: string[]) => Promise<Made[]>): Promise<string>;
}
export interface Wanted {
  key: string;
  version: number | undefined;
  /** JSON members added to this use of the kept object (`"name":value,…`): what differs per request, never kept. */
  members?: string;
}
export interface Made {
  key: string;
  version: number;
  json: string;
}

interface Kept extends Made {
  madeAt: number;
}

export function keptJson({ maxBytes, freshForMs }: { maxBytes: number; freshForMs: number }): KeptJson {
  const kept = new Map<string, Kept>();
  let bytes = 0;

  function keep(item: Kept): void {
    const replaced = kept.get(item.key);
    if (replaced) {
      bytes -= replaced.json.length;
      kept.delete(item.key);
    }
    kept.set(item.key, item);
    bytes += item.json.length;
    for (const [oldest, { json }] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= json.length;
    }
  }

  return {
    async array(wanted, make) {
      const now = performance.now();
      const current = new Map<string, string>();
      const missing: string[] = [];
      for (const { key, version } of wanted) {
        if (version === undefined) continue;
        const item = kept.get(key);
        if (item && item.version === version && now - item.madeAt < freshForMs) current.set(key, item.json);
        else missing.push(key);
      }
      if (missing.length)
        for (const made of await make(missing)) {
          current.set(made.key, made.json);
          keep({ ...made, madeAt: now });
        }
      const textOf = ({ key, members }: Wanted) => {
        const json = current.get(key);
        return json === undefined ? [] : members ? `${json.slice(0, -1)},${members}}` : json;
      };
      return `[${wanted.flatMap(textOf).join(",")}]`;
    },
  };
}
