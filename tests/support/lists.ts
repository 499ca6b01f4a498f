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
