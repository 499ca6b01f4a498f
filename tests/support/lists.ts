import type { TrackPage } from "../../modules/lists/model";
import { call } from "./api";
import type { TestServer } from "./server";

/** Every id of a list, following nextCursor with the given page size and sort. */
export async function listAll(server: TestServer, path: string, token: string | undefined, query: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: "100", ...query, ...(cursor ? { cursor } : {}) });
    const res = await call<TrackPage>(server, "GET", `${path}?${params}`, { token });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(...res.body.items.map((item) => item.id));
    cursor = res.body.metadata.nextCursor;
  } while (cursor);
  return ids;
}

/** The two list versions (modules/lists: `content` for what lists show, `counters` for plays and downloads). */
export interface ListVersions {
  content: number;
  counters: number;
}
/** What a change to lists should raise: `content` alone, or `counters` alone. */
export const CONTENT_RAISED = { content: true, counters: false };
export const COUNTERS_RAISED = { content: false, counters: true };

/** Runs `change` between two reads of the versions and answers which of them went up. */
export async function raisedVersions(
  versions: () => Promise<ListVersions>,
  change: () => unknown,
): Promise<{ content: boolean; counters: boolean }> {
  const before = await versions();
  await change();
  const after = await versions();
  return { content: after.content > before.content, counters: after.counters > before.counters };
}
