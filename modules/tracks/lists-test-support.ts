import { call, type Session } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";
import { createTrack } from "../../tests/support/uploads";

/** A valid 0.25 s WAV from the shared corpus: the smallest real upload. */
const TINY_WAV = "bad/CON.wav";

/** Uploads a tiny real WAV through POST /api/track (no waiting for processing) and returns the new id. */
export function uploadTiny(
  server: TestServer,
  session: Session,
  data: { title?: string; primaryArtistName?: string; isPublic?: boolean } = {},
): Promise<string> {
  return createTrack(server, session.token, {
    original: TINY_WAV,
    data: { title: "Tiny", primaryArtistName: "Tester", ...data },
  });
}

export interface ListPage {
  items: { id: string; title: string; userId: string; status?: string }[];
  metadata: { nextCursor: string | null };
}

/** Every id of a list, following nextCursor with the given page size and sort. */
export async function listAll(server: TestServer, path: string, token: string | undefined, query: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: "100", ...query, ...(cursor ? { cursor } : {}) });
    const res = await call<ListPage>(server, "GET", `${path}?${params}`, { token });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(...res.body.items.map((item) => item.id));
    cursor = res.body.metadata.nextCursor;
  } while (cursor);
  return ids;
}
