import { basename } from "node:path";
import { call, type Session } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";

/** A valid 0.25 s WAV from the shared corpus: the smallest real upload. */
export const TINY_WAV = "/work/shared/corpus/bad/CON.wav";

let licenseId: string | undefined;

/** Uploads a tiny real WAV through POST /api/track (no waiting for processing) and returns the new id. */
export async function uploadTiny(
  server: TestServer,
  session: Session,
  data: { title?: string; primaryArtistName?: string; isPublic?: boolean } = {},
): Promise<string> {
  licenseId ??= (await call<{ id: string }[]>(server, "GET", "/licenses")).body[0]?.id;
  const form = new FormData();
  form.set(
    "data",
    JSON.stringify({
      title: "Tiny",
      primaryArtistName: "Tester",
      originalFormat: "wav",
      genreNames: [],
      description: "",
      isExplicit: false,
      isPublic: true,
      licenseId,
      releaseDatePrecision: "DAY",
      stemMetadata: [],
      ...data,
    }),
  );
  form.set("original", Bun.file(TINY_WAV), basename(TINY_WAV));
  const res = await call<{ track?: { id: string }; message?: string }>(server, "POST", "/track", {
    token: session.token,
    body: form,
  });
  const id = res.body.track?.id;
  if (res.status >= 300 || !id) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
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
