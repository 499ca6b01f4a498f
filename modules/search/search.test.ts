/**
 * GET /api/search on a real server (SQLite, or PostgreSQL with STEMMA_TEST_DATABASE=postgres): matching rules,
 * relevance, filters, paging, access, bad input, and the index following edits.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import {
  type Corpus,
  type FixtureKey,
  type ForkFamily,
  forkOf,
  seedCorpus,
  seedForkFamily,
} from "../../tests/support/track-corpus";
import { createTrack, TINY_WAV } from "../../tests/support/uploads";
import type { TrackListItem } from "../tracks/model";
import type { SearchPage, StemResult } from "./model";

const live = setUpServer();
let corpus: Corpus;
let forkId: string;

beforeAll(async () => {
  corpus = await seedCorpus(live.server);
  forkId = await forkOf(live.server, corpus);
}, 120_000);

async function search(query: string, token?: string) {
  return call<SearchPage & { message?: string }>(live.server, "GET", `/search?${query}`, { token });
}

/** The fixture keys of a search's tracks, in order. */
async function keys(query: string, token?: string): Promise<string[]> {
  const reply = await search(query, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.items as Array<{ id: string }>).map((item) => (item.id === forkId ? "fork" : corpus.keyOf(item.id)));
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const sorted = (list: string[]) => [...list].sort();

describe("matching", () => {
  test("accents and case are folded both ways", async () => {
    const cafes: FixtureKey[] = ["cafe", "cafeLoud", "cafePlain"];
    for (const text of ["Café", "cafe", "CAFÉ", "CAFE", "cafÉ"]) expect(sorted(await keys(q(text)))).toEqual(sorted(cafes));
    expect(await keys(q("zoe"))).toEqual(["cafe"]);
    expect(await keys(q("ZOË"))).toEqual(["cafe"]);
  });

  test("words match as prefixes, in any order", async () => {
    expect(await keys(q("odys"))).toEqual(["stems"]);
    expect(await keys(q("del mar"))).toEqual(["cafe"]);
    expect(await keys(q("mar del"))).toEqual(["cafe"]);
    expect(await keys(q("Keating café"))).toEqual(["cafe"]);
    // Every word must match.
    expect(await keys(q("café odyssey"))).toEqual([]);
  });

  test("title, artist, uploader, genres, description and stem names are searched", async () => {
    expect(await keys(q("speedway"))).toEqual(["cafePlain"]);
    expect(sorted(await keys(q(corpus.bob.user.username)))).toEqual(
      sorted(["cafePlain", "acdc", "flac", "midnightText", "fork"]),
    );
    expect(await keys(q("chillout"))).toEqual(["cafe"]);
    expect(await keys(q("hidden gem"))).toEqual(["midnightText"]);
    expect(await keys(q("bassline"))).toEqual(["stems"]);
    expect(await keys(q("kick loop"))).toEqual(["stems"]);
  });

  test("punctuation separates words and FTS syntax is just text", async () => {
    expect(await keys(q("AC/DC"))).toEqual(["acdc"]);
    expect(await keys(q("dc"))).toEqual(["acdc"]);
    expect(await keys(q("lo-fi"))).toEqual(["lofi"]);
    expect(await keys(q("don't"))).toEqual(["lofi"]);
    for (const hostile of [
      '"',
      "*",
      "NEAR(",
      "-",
      ":",
      '"odyssey',
      "odyssey*",
      "NEAR(bass odyssey)",
      "title:bass",
      "-bass",
      "(",
      ")",
      "^",
      "'",
      "''",
      "&|!",
      "\\",
      "%",
      "_",
    ]) {
      const reply = await search(q(hostile));
      expect(reply.status, hostile).toBe(200);
    }
    expect(await keys(q('"odyssey'))).toEqual(["stems"]);
    expect(await keys(q("title:odyssey"))).toEqual([]);
    expect(await keys(q("NEAR(bass odyssey)"))).toEqual([]);
  });

  test("CJK: a run matches by its start, and three characters or more anywhere inside", async () => {
    expect(await keys(q("東京"))).toEqual(["tokyo"]);
    expect(await keys(q("京の夜"))).toEqual(["tokyo"]);
    expect(await keys(q("名曲"))).toEqual([]);
    expect(await keys(q("ポップの名曲"))).toEqual(["tokyo"]);
    expect(await keys(q("夜行バス 東京"))).toEqual(["tokyo"]);
  });

  test("relevance: a title match comes before a description match", async () => {
    const found = await keys(q("midnight"));
    expect(found.indexOf("midnightTitle")).toBeLessThan(found.indexOf("midnightText"));
    expect(found).toContain("midnightText");
  });

  test("relevance: title, then artist, then uploader, genres and stem names, then description, whatever is newer", async () => {
    // Added best match first, so a newer track never comes first for being newer.
    const added: string[] = [];
    for (const data of [
      { title: "Quasar Light", primaryArtistName: "Someone" },
      { title: "Far Away", primaryArtistName: "Quasar Band" },
      { title: "Deep Field", primaryArtistName: "Someone", genreNames: ["Quasarwave"] },
      { title: "Night Sky", primaryArtistName: "Someone", description: "a quasar far away" },
    ])
      added.push(await createTrack(live.server, corpus.bob.token, { original: TINY_WAV, data }));
    const found = await search(q("quasar"));
    expect((found.body.items as Array<{ id: string }>).map((item) => item.id)).toEqual(added);
  }, 60_000);

  test("a page of tracks is the text JSON.stringify makes of it, its tracks as the lists write them", async () => {
    const text = await (await fetch(`${live.server.url}/api/search?${q("midnight")}&limit=100`)).text();
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    const page = JSON.parse(text) as { items: TrackListItem[] };
    expect(Object.keys(page)).toEqual(["type", "items", "metadata"]);
    const listed = await call<{ items: TrackListItem[] }>(live.server, "GET", "/tracks/public?limit=100");
    for (const item of page.items) expect(item).toEqual(listed.body.items.find((track) => track.id === item.id) as TrackListItem);
    expect(page.items.length).toBeGreaterThan(0);
  });

  test("no words: the filters alone, newest first", async () => {
    const all = await keys("limit=100");
    expect(all.length).toBeGreaterThan(5);
    expect(await keys(q("!!!"))).toEqual(all);
  });
});

describe("filters", () => {
  test("genre, bpm, key, licence, stems, format and forks", async () => {
    expect(await keys("genre=JAZZ")).toEqual(["cafeLoud"]);
    expect(await keys(`${q("cafe")}&genre=chillout`)).toEqual(["cafe"]);
    expect(sorted(await keys("bpmMin=100&bpmMax=125"))).toEqual(sorted(["acdc", "stems"]));
    expect(await keys("bpmMin=170")).toEqual(["cafePlain"]);
    expect(await keys("key=f%23m")).toEqual(["stems"]);
    expect(sorted(await keys("license=CC_BY"))).toEqual(sorted(["cafe", "lofi"]));
    expect(sorted(await keys("license=remixable"))).toEqual(sorted(["cafe", "lofi", "tokyo"]));
    expect(sorted(await keys("license=commercial"))).toEqual(sorted(["cafe", "lofi"]));
    expect(await keys("hasStems=true")).toEqual(["stems"]);
    expect(await keys(`${q("cafe")}&hasStems=false`)).toHaveLength(3);
    expect(await keys("stemType=drums")).toEqual(["stems"]);
    expect(await keys("stemType=vocals")).toEqual([]);
    expect(await keys("format=flac")).toEqual(["flac"]);
    expect(await keys("isFork=true")).toEqual(["fork"]);
    expect(await keys(`${q("midnight city")}&isFork=false`)).toEqual(["midnightTitle"]);
  });
});

describe("types", () => {
  test("stems come with their track, bpm, key and a preview URL", async () => {
    const reply = await search(`${q("odyssey")}&type=stems`);
    expect(reply.status).toBe(200);
    expect(reply.body.type).toBe("stems");
    const items = reply.body.items as Array<Record<string, unknown>>;
    expect(items.map((item) => item.name)).toEqual(["Bässline", "Kick Loop"]);
    expect(items[0]).toMatchObject({
      type: "bass",
      bpm: 124,
      key: "F#m",
      track: { id: corpus.ids.stems, title: "Bass Odyssey", primaryArtistName: "Deep Crew", licenseType: "ALL_RIGHTS_RESERVED" },
    });
    // Written as text around each kept result: the text JSON.stringify makes of the page, in SearchPage's order.
    const text = await (await fetch(`${live.server.url}/api/search?${q("odyssey")}&type=stems`)).text();
    expect(text).toBe(JSON.stringify(reply.body));
    const drums = await search(`${q("odyssey")}&type=stems&stemType=drums`);
    expect((drums.body.items as Array<{ name: string }>).map((item) => item.name)).toEqual(["Kick Loop"]);
  });

  test("artists: names matching the words, with the number of tracks", async () => {
    const reply = await search(`${q("zoe")}&type=artists`);
    expect(reply.body).toEqual({
      type: "artists",
      items: [{ name: "Zoë Keating", trackCount: 1 }],
      metadata: { nextCursor: null },
    });
    // A title word is not an artist.
    expect((await search(`${q("odyssey")}&type=artists`)).body.items).toEqual([]);
  });
});

describe("paging", () => {
  test("cursors walk every result once, by relevance and by a list sort", async () => {
    for (const order of ["", "&sortField=title", "&sortField=createdAt", "&sortField=duration&sortDirection=desc"]) {
      const whole = await keys(`${q("midnight")}&limit=100${order}`, corpus.alice.token);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const reply = await search(`${q("midnight")}&limit=1${order}${cursor ? `&cursor=${cursor}` : ""}`, corpus.alice.token);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        walked.push(
          ...(reply.body.items as Array<{ id: string }>).map((item) => (item.id === forkId ? "fork" : corpus.keyOf(item.id))),
        );
        cursor = reply.body.metadata.nextCursor;
      } while (cursor);
      expect(walked).toEqual(whole);
      expect(new Set(walked).size).toBe(walked.length);
    }
  });

  test("stems by relevance: cursors walk a track's stems one or two at a time", async () => {
    const query = `${q("bass")}&type=stems`;
    const whole = (await search(`${query}&limit=100`)).body.items as Array<{ id: string; track: { id: string } }>;
    // The title match's two stems; the genre match has none.
    expect(whole.map((item) => item.track.id)).toEqual([corpus.ids.stems, corpus.ids.stems]);
    for (const limit of [1, 2]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const reply = await search(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        walked.push(...(reply.body.items as Array<{ id: string }>).map((item) => item.id));
        cursor = reply.body.metadata.nextCursor;
      } while (cursor);
      expect(walked).toEqual(whole.map((item) => item.id));
    }
  });

  test("titles sort as the lists do", async () => {
    const byTitle = ["midnightTitle", "fork", "midnightText", "private", "shared"];
    expect(await keys(`${q("midnight")}&sortField=title`, corpus.alice.token)).toEqual(byTitle);
    expect(await keys(`${q("midnight")}&sortField=title&sortDirection=desc`, corpus.alice.token)).toEqual(byTitle.reverse());
  });
});

describe("access", () => {
  const midnight = q("midnight");
  test("visitors find public tracks only; users also their own and those shared with them", async () => {
    const publicOnes = ["midnightTitle", "midnightText", "fork"];
    expect(sorted(await keys(midnight))).toEqual(sorted(publicOnes));
    expect(sorted(await keys(midnight, corpus.alice.token))).toEqual(sorted([...publicOnes, "private", "shared"]));
    expect(sorted(await keys(midnight, corpus.bob.token))).toEqual(sorted([...publicOnes, "bobPrivate"]));
    expect(sorted(await keys(midnight, corpus.carol.token))).toEqual(sorted([...publicOnes, "shared"]));
  });

  test("a private track's title, description and stem names never match for others", async () => {
    for (const text of ["secret", "xylophone", "whispered", "confidential"])
      for (const token of [undefined, corpus.bob.token, corpus.carol.token]) {
        expect(await keys(q(text), token)).toEqual([]);
        expect((await search(`${q(text)}&type=stems`, token)).body.items).toEqual([]);
        expect((await search(`${q(text)}&type=artists`, token)).body.items).toEqual([]);
      }
    expect(await keys(q("whispered"), corpus.alice.token)).toEqual(["private"]);
  });

  test("deleted tracks are never found, not even by their owner", async () => {
    expect(await keys(q("ghost"), corpus.alice.token)).toEqual([]);
  });
});

describe("the index follows changes at once", () => {
  test("an edit, a visibility change and a username change", async () => {
    const id = corpus.ids.lofi;
    const track = (await call<Record<string, unknown>>(live.server, "GET", `/track/${id}`)).body;
    const edited = await call(live.server, "PATCH", `/track/${id}`, {
      token: corpus.alice.token,
      body: { ...pick(track), title: "Überweg Nocturne" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await keys(q("uberweg"))).toEqual(["lofi"]);
    expect(await keys(q("rainy"))).toEqual([]);
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: corpus.alice.token, body: { isPublic: false } });
    expect(await keys(q("uberweg"))).toEqual([]);
    expect(await keys(q("uberweg"), corpus.alice.token)).toEqual(["lofi"]);
  });
});

describe("results follow what they show at once", () => {
  test("a track's card and its stems' results show an edit of the track in the next search", async () => {
    const id = corpus.ids.stems;
    const track = (await call<Record<string, unknown>>(live.server, "GET", `/track/${id}`)).body;
    const titles = async () => ({
      card: ((await search(q("odyssey"))).body.items as Array<{ title: string }>).map((item) => item.title),
      stems: ((await search(`${q("odyssey")}&type=stems`)).body.items as Array<{ track: { title: string } }>).map(
        (item) => item.track.title,
      ),
    });
    expect(await titles()).toEqual({ card: ["Bass Odyssey"], stems: ["Bass Odyssey", "Bass Odyssey"] });
    const edit = (title: string) =>
      call(live.server, "PATCH", `/track/${id}`, { token: corpus.alice.token, body: { ...pick(track), title } });
    expect((await edit("Bass Odyssey Redux")).status).toBe(200);
    expect(await titles()).toEqual({ card: ["Bass Odyssey Redux"], stems: ["Bass Odyssey Redux", "Bass Odyssey Redux"] });
    expect((await edit("Bass Odyssey")).status).toBe(200);
    expect(await titles()).toEqual({ card: ["Bass Odyssey"], stems: ["Bass Odyssey", "Bass Odyssey"] });
  });
});

describe("kept answers", () => {
  test("a repeated search is the kept answer (304 to its ETag), and follows an unshare at once", async () => {
    // Kept from its second request on; every answer, kept or not, carries the ETag of its bytes, so a client's copy
    // is checked the same way whichever instance made it.
    const first = await search(q("shared midnight"), corpus.carol.token);
    expect((await search(q("shared midnight"), corpus.carol.token)).headers.get("etag")).toBe(first.headers.get("etag"));
    expect(first.body.items).toHaveLength(1);
    const etag = first.headers.get("etag") as string;
    const again = await call(live.server, "GET", `/search?${q("shared midnight")}`, {
      token: corpus.carol.token,
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    // A visitor's kept answer is another one.
    expect((await search(q("shared midnight"))).body.items).toEqual([]);
    const unshared = await call(live.server, "DELETE", `/track/${corpus.ids.shared}/share`, {
      token: corpus.alice.token,
      body: { userIds: [corpus.carol.user.id] },
    });
    expect(unshared.status, JSON.stringify(unshared.body)).toBe(200);
    expect((await search(q("shared midnight"), corpus.carol.token)).body.items).toEqual([]);
  });
});

function pick(track: Record<string, unknown>) {
  const { title, primaryArtistName, bpm, key, genreNames, description, isExplicit, isPublic, licenseId } = track;
  return { title, primaryArtistName, bpm, key, genreNames, description, isExplicit, isPublic, licenseId };
}

describe("bad input is a 400 with a message", () => {
  test.each([
    ["type=albums", "type must be one of"],
    ["bpmMin=130&bpmMax=120", "BPM from must not be greater than BPM to"],
    ["bpmMin=0", "bpmMin must be"],
    ["limit=0", "limit must be"],
    ["limit=101", "limit must be"],
    ["limit=abc", "limit must be"],
    ["cursor=not-a-cursor", "Invalid cursor"],
    ["cursor=%22%7B", "Invalid cursor"],
    ["license=GPL", "license must be one of"],
    ["hasStems=maybe", "hasStems must be"],
    ["stemType=kazoo", "stemType must be one of"],
    ["sortField=plays", "sortField must be one of"],
    ["sortDirection=asc", "sortDirection needs a sortField"],
    ["type=artists&sortField=duration", "Artists sort by relevance"],
    [`q=${"a".repeat(201)}`, "q must be text"],
  ])("%s", async (query, message) => {
    const reply = await search(query);
    expect(reply.status).toBe(400);
    expect(String(reply.body.message)).toContain(message);
  });

  test("a cursor of another order is refused", async () => {
    const first = await search(`${q("midnight")}&limit=1`);
    const cursor = first.body.metadata.nextCursor as string;
    const other = await search(`${q("midnight")}&limit=1&sortField=title&cursor=${cursor}`);
    expect(other.status).toBe(400);
  });

  test("a cursor of another text is refused; the same words typed another way share it", async () => {
    const first = await search(`${q("midnight")}&limit=1`);
    const cursor = first.body.metadata.nextCursor as string;
    const other = await search(`${q("midnight city")}&limit=1&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("The cursor belongs to another search order");
    const same = await search(`${q(" MIDNIGHT ")}&limit=1&cursor=${cursor}`);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  test("a cursor made under other filters is refused", async () => {
    const first = await search(`${q("midnight")}&limit=1`);
    const cursor = first.body.metadata.nextCursor as string;
    const other = await search(`${q("midnight")}&limit=1&isFork=false&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("The cursor belongs to other filters");
  });
});

describe("originals and their forks", () => {
  let family: ForkFamily;
  beforeAll(async () => {
    family = await seedForkFamily(live.server, corpus);
  }, 120_000);
  const nameOf = (id: string) => Object.entries(family).find(([, familyId]) => familyId === id)?.[0] ?? corpus.keyOf(id);
  const titles = async (query: string, token?: string) => {
    const reply = await search(query, token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.items as Array<{ id: string }>).map((item) => nameOf(item.id));
  };
  const stems = async (query: string, token?: string) => {
    const reply = await search(query, token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (reply.body.items as StemResult[]).map((item) => `${nameOf(item.track.id)}/${item.name} +${item.alsoInForks}`);
  };
  const drums = "type=stems&stemType=drums&bpmMin=120&bpmMax=130";

  test("the exact title first, originals before their forks, then the newest", async () => {
    // Without the rules, the newest title match came first: blues, sameTitle, dub, cleoRework, then undertow.
    expect(await titles(q("undertow"))).toEqual(["undertow", "sameTitle", "blues", "dub", "cleoRework"]);
    expect(await titles(q(" UNDERTOW "))).toEqual(["undertow", "sameTitle", "blues", "dub", "cleoRework"]);
    expect(await titles(q("undertow dub"))).toEqual(["dub"]);
    expect(await titles(q("undertow"), corpus.carol.token)).toEqual([
      "undertow",
      "sameTitle",
      "blues",
      "carolsPrivate",
      "dub",
      "cleoRework",
    ]);
    // A prefix is no exact title: every title match newest first, originals first.
    expect(await titles(q("undert"))).toEqual(["blues", "undertow", "sameTitle", "dub", "cleoRework"]);
  });

  test("a cursor walks the same order one result at a time", async () => {
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const reply = await search(`${q("undertow")}&limit=1${cursor ? `&cursor=${cursor}` : ""}`, corpus.carol.token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      walked.push(...(reply.body.items as Array<{ id: string }>).map((item) => nameOf(item.id)));
      cursor = reply.body.metadata.nextCursor;
    } while (cursor);
    expect(walked).toEqual(await titles(`${q("undertow")}&limit=100`, corpus.carol.token));
  });

  test("a stem the forks share is listed once, the original's, with the forks the caller may see", async () => {
    // Without the rule, the original's drums came once per track having them: five times for carol.
    expect(await stems(drums)).toEqual(["blues/Drums +0", "undertow/Drums +3", "stems/Kick Loop +0"]);
    expect(await stems(drums, corpus.carol.token)).toEqual(["blues/Drums +0", "undertow/Drums +4", "stems/Kick Loop +0"]);
    expect(await stems(`${q("undertow")}&type=stems`)).toEqual(["undertow/Drums +3", "undertow/Bass +3", "blues/Drums +0"]);
    // Matching a fork alone: its stems are the original's files, shown as the fork's, the rest counted.
    expect(await stems(`${q("dub")}&type=stems`)).toEqual(["dub/Drums +3", "dub/Bass +3"]);
    expect(await stems(`${q("undertow")}&type=stems&sortField=title`)).toEqual([
      "undertow/Drums +3",
      "undertow/Bass +3",
      "blues/Drums +0",
    ]);
  });

  test("stems walked one at a time by cursor are the whole list", async () => {
    for (const query of [`${q("undertow")}&type=stems`, drums]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const reply = await search(`${query}&limit=1${cursor ? `&cursor=${cursor}` : ""}`, corpus.carol.token);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        walked.push(...(reply.body.items as StemResult[]).map((item) => `${nameOf(item.track.id)}/${item.name}`));
        cursor = reply.body.metadata.nextCursor;
      } while (cursor);
      const whole = (await stems(`${query}&limit=100`, corpus.carol.token)).map((item) => item.replace(/ \+\d+$/, ""));
      expect(walked).toEqual(whole);
    }
  });

  test("with the original private, the earliest fork the caller may see shows the stem", async () => {
    const hidden = await call(live.server, "PATCH", `/track/${family.undertow}/visibility`, {
      token: corpus.alice.token,
      body: { isPublic: false },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    try {
      expect(await stems(drums)).toEqual(["blues/Drums +0", "cleoRework/Drums +2", "stems/Kick Loop +0"]);
      expect(await stems(drums, corpus.alice.token)).toEqual(["blues/Drums +0", "undertow/Drums +3", "stems/Kick Loop +0"]);
      expect(await titles(q("undertow"))).toEqual(["sameTitle", "blues", "dub", "cleoRework"]);
    } finally {
      await call(live.server, "PATCH", `/track/${family.undertow}/visibility`, {
        token: corpus.alice.token,
        body: { isPublic: true },
      });
    }
  });
});
