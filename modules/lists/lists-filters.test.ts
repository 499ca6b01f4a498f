/**
 * The track filters of search on GET /api/tracks/public and /api/tracks/available, over a real server: each filter
 * narrows both lists as it narrows search, combined filters, paging under a filter, cursors of other filters, bad
 * values, the access rule (a private track that matches shows only to those who may see it), and kept answers.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { type Corpus, type FixtureKey, forkOf, seedCorpus } from "../../tests/support/track-corpus";
import type { TrackPage } from "./model";

const live = setUpServer();
let corpus: Corpus;
let forkId: string;

beforeAll(async () => {
  corpus = await seedCorpus(live.server);
  forkId = await forkOf(live.server, corpus);
}, 120_000);

const PUBLIC = "/tracks/public";
const AVAILABLE = "/tracks/available";

async function list(path: string, query: string, session?: Session) {
  return call<TrackPage & { message?: string }>(live.server, "GET", `${path}?${query}`, { token: session?.token });
}

const keyOf = (id: string) => (id === forkId ? "fork" : corpus.keyOf(id));

/** The fixture keys a list holds under `query`, newest first, in one page. */
async function keys(path: string, query: string, session?: Session): Promise<string[]> {
  const reply = await list(path, `limit=100&${query}`, session);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.items.map((item) => keyOf(item.id));
}
const sorted = (values: string[]) => [...values].sort();

/** Every filter with what it leaves of the public tracks (search.test.ts holds search to the same). */
const PUBLIC_MATCHES: Array<[string, Array<FixtureKey | "fork">]> = [
  ["genre=JAZZ", ["cafeLoud"]],
  ["genre=%20chillout%20", ["cafe"]],
  ["bpmMin=100&bpmMax=125", ["acdc", "stems"]],
  ["bpmMin=170", ["cafePlain"]],
  ["bpmMax=90", ["lofi"]],
  ["key=f%23m", ["stems"]],
  ["key=AM", ["cafeLoud"]],
  ["license=CC_BY", ["cafe", "lofi"]],
  ["license=remixable", ["cafe", "lofi", "tokyo"]],
  ["license=commercial", ["cafe", "lofi"]],
  ["hasStems=true", ["stems"]],
  ["stemType=drums", ["stems"]],
  ["stemType=vocals", []],
  ["format=flac", ["flac"]],
  ["isFork=true", ["fork"]],
];

describe("each filter narrows both lists", () => {
  test.each(PUBLIC_MATCHES)("%s", async (query, expected) => {
    expect(sorted(await keys(PUBLIC, query))).toEqual(sorted(expected));
    // bob has no private track these filters match, and nothing is shared with him.
    expect(sorted(await keys(AVAILABLE, query, corpus.bob))).toEqual(sorted(expected));
  });

  test("the negative flags keep everything else", async () => {
    const all = await keys(PUBLIC, "");
    expect(sorted(await keys(PUBLIC, "hasStems=false"))).toEqual(sorted(all.filter((key) => key !== "stems")));
    expect(sorted(await keys(PUBLIC, "isFork=false"))).toEqual(sorted(all.filter((key) => key !== "fork")));
  });

  test("the lists and search agree on every filter, for visitors and users", async () => {
    for (const [query] of PUBLIC_MATCHES) {
      const found = await call<TrackPage>(live.server, "GET", `/search?limit=100&${query}`);
      expect(await keys(PUBLIC, query), query).toEqual(found.body.items.map((item) => keyOf(item.id)));
      const foundByAlice = await call<TrackPage>(live.server, "GET", `/search?limit=100&${query}`, {
        token: corpus.alice.token,
      });
      expect(await keys(AVAILABLE, query, corpus.alice), query).toEqual(foundByAlice.body.items.map((item) => keyOf(item.id)));
    }
  });

  test("filters combine: every one must hold", async () => {
    expect(await keys(PUBLIC, "license=remixable&bpmMax=100")).toEqual(["lofi", "cafe"]);
    expect(await keys(PUBLIC, "license=commercial&genre=chillout&bpmMin=90&bpmMax=100&isFork=false&hasStems=false")).toEqual([
      "cafe",
    ]);
    expect(await keys(PUBLIC, "hasStems=true&format=flac")).toEqual([]);
    expect(await keys(PUBLIC, "stemType=bass&key=F%23m&bpmMin=124&bpmMax=124&format=wav")).toEqual(["stems"]);
  });

  test("filters apply in every sort", async () => {
    expect(await keys(PUBLIC, "license=remixable&sortField=title&sortDirection=asc")).toEqual(["cafe", "lofi", "tokyo"]);
    expect(await keys(PUBLIC, "license=remixable&sortField=createdAt&sortDirection=asc")).toEqual(["cafe", "tokyo", "lofi"]);
  });
});

describe("access", () => {
  test("a private track that matches shows to its owner and those it is shared with, never to others", async () => {
    // The private track alone has a vocals stem.
    expect(await keys(PUBLIC, "stemType=vocals")).toEqual([]);
    expect(await keys(AVAILABLE, "stemType=vocals", corpus.bob)).toEqual([]);
    expect(await keys(AVAILABLE, "stemType=vocals", corpus.carol)).toEqual([]);
    expect(await keys(AVAILABLE, "stemType=vocals", corpus.alice)).toEqual(["private"]);
    // All rights reserved, without stems: alice's shared track shows to alice and carol, bob's private one to bob.
    const query = "license=ALL_RIGHTS_RESERVED&hasStems=false&isFork=false";
    const publicOnes = await keys(PUBLIC, query);
    expect(publicOnes).not.toContain("shared");
    expect(sorted(await keys(AVAILABLE, query, corpus.carol))).toEqual(sorted([...publicOnes, "shared"]));
    expect(sorted(await keys(AVAILABLE, query, corpus.bob))).toEqual(sorted([...publicOnes, "bobPrivate"]));
    expect(sorted(await keys(AVAILABLE, query, corpus.alice))).toEqual(sorted([...publicOnes, "shared"]));
  });

  test("deleted tracks never show, even when they match", async () => {
    // The deleted track (alice's) is a WAV like most.
    expect(await keys(PUBLIC, "format=wav")).not.toContain("deleted");
    expect(await keys(AVAILABLE, "format=wav", corpus.alice)).not.toContain("deleted");
  });

  test("the available list still needs a session", async () => {
    expect((await list(AVAILABLE, "genre=jazz")).status).toBe(401);
  });
});

describe("paging under a filter", () => {
  /** Every page of `query` one track at a time, by nextCursor. */
  async function walk(path: string, query: string, session?: Session): Promise<string[]> {
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const reply = await list(path, `limit=1&${query}${cursor ? `&cursor=${cursor}` : ""}`, session);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      walked.push(...reply.body.items.map((item) => keyOf(item.id)));
      cursor = reply.body.metadata.nextCursor;
    } while (cursor);
    return walked;
  }

  test("cursors walk the filtered list once, in each list and sort", async () => {
    for (const query of [
      "license=remixable",
      "isFork=false&sortField=title",
      "hasStems=false&sortField=duration&sortDirection=desc",
    ]) {
      expect(await walk(PUBLIC, query), query).toEqual(await keys(PUBLIC, query));
      expect(await walk(AVAILABLE, query, corpus.alice), query).toEqual(await keys(AVAILABLE, query, corpus.alice));
    }
  });

  test("a cursor made under other filters is refused; the same filters written another way share it", async () => {
    const first = await list(PUBLIC, "limit=1&license=remixable");
    const cursor = first.body.metadata.nextCursor as string;
    for (const other of ["", "license=commercial", "license=remixable&isFork=false"]) {
      const reply = await list(PUBLIC, `limit=1&cursor=${cursor}&${other}`);
      expect(reply.status, other).toBe(400);
      expect(reply.body.message).toBe("The cursor belongs to other filters");
    }
    const unfiltered = (await list(PUBLIC, "limit=1")).body.metadata.nextCursor as string;
    expect((await list(PUBLIC, `limit=1&cursor=${unfiltered}&genre=jazz`)).body.message).toBe(
      "The cursor belongs to other filters",
    );
    // The same filters written another way (here a number) are the same list.
    const byTempo = (await list(PUBLIC, "limit=1&bpmMin=100")).body.metadata.nextCursor as string;
    const sameTempo = await list(PUBLIC, `limit=1&bpmMin=0100&cursor=${byTempo}`);
    expect(sameTempo.status, JSON.stringify(sameTempo.body)).toBe(200);
    expect(sameTempo.body.items.map((item) => keyOf(item.id))).toEqual(["acdc"]);
  });
});

describe("bad input is a 400 with search's message", () => {
  test.each([
    ["bpmMin=130&bpmMax=120", "BPM from must not be greater than BPM to"],
    ["bpmMin=0", "bpmMin must be a whole number from 1 to 999"],
    ["bpmMax=1000", "bpmMax must be a whole number from 1 to 999"],
    ["bpmMin=fast", "bpmMin must be a whole number from 1 to 999"],
    ["genre=", "genre must be text of 1 to 100 characters"],
    [`genre=${"g".repeat(101)}`, "genre must be text of 1 to 100 characters"],
    [`key=${"k".repeat(21)}`, "key must be text of 1 to 20 characters"],
    ["license=GPL", "license must be one of"],
    ["hasStems=maybe", "hasStems must be true or false"],
    ["isFork=1x", "isFork must be true or false"],
    ["stemType=kazoo", "stemType must be one of"],
    ["format=mp3", "format must be one of"],
  ])("%s", async (query, message) => {
    for (const [path, session] of [
      [PUBLIC, undefined],
      [AVAILABLE, corpus.bob],
    ] as const) {
      const reply = await list(path, query, session);
      expect(reply.status, path).toBe(400);
      expect(String(reply.body.message), path).toContain(message);
      const searched = await call<{ message: string }>(live.server, "GET", `/search?${query}`);
      expect(String(reply.body.message)).toBe(searched.body.message);
    }
  });
});

describe("kept answers", () => {
  test("a filtered answer is kept, and follows every change the list shows", async () => {
    const query = "genre=ambient";
    expect(await keys(PUBLIC, query)).toEqual([]);
    const kept = await list(PUBLIC, `limit=100&${query}`);
    expect(kept.headers.get("etag")).toBeTruthy();
    const again = await call(live.server, "GET", `${PUBLIC}?limit=100&${query}`, {
      headers: { "if-none-match": kept.headers.get("etag") as string },
    });
    expect(again.status).toBe(304);
    // An edit adding the genre shows at once, in the public and in the available list.
    const id = corpus.ids.midnightText;
    const track = (await call<Record<string, unknown>>(live.server, "GET", `/track/${id}`)).body;
    const { title, primaryArtistName, bpm, key, description, isExplicit, isPublic, licenseId } = track;
    const edited = await call(live.server, "PATCH", `/track/${id}`, {
      token: corpus.bob.token,
      body: { title, primaryArtistName, bpm, key, description, isExplicit, isPublic, licenseId, genreNames: ["Ambient"] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await keys(PUBLIC, query)).toEqual(["midnightText"]);
    expect(await keys(AVAILABLE, query, corpus.bob)).toEqual(["midnightText"]);
    // Made private, it leaves the public answer and stays in its owner's.
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: corpus.bob.token, body: { isPublic: false } });
    expect(await keys(PUBLIC, query)).toEqual([]);
    expect(await keys(AVAILABLE, query, corpus.alice)).toEqual([]);
    expect(await keys(AVAILABLE, query, corpus.bob)).toEqual(["midnightText"]);
  });
});
