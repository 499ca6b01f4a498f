import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { publicUrlEnv, publicUrlOf } from "../../tests/support/public-url";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";

setDefaultTimeout(90_000);

/** The RSS feeds as a feed reader's parser reads them, held to RSS 2.0's rules (rssboard.org). */
const live = setUpServer({ env: publicUrlEnv() });
let owner: Session;
let stranger: Session;
let listed: string;
let hidden: string;
let gone: string;
let othersTrack: string;

const site = () => publicUrlOf(live.server);
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site()}${path}`, { headers });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => name === "item" || name === "category",
});

interface Item {
  title: string;
  link: string;
  guid: { "#text": string; "@isPermaLink": string };
  pubDate: string;
  description: string;
  category?: string[];
  enclosure: { "@url": string; "@length": string; "@type": string };
}

/** The feed at `path`, checked well-formed and against RSS 2.0's required elements; its items. */
async function readFeed(path: string): Promise<{ channel: Record<string, unknown>; items: Item[] }> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const document = parser.parse(xml) as { rss: { "@version": string; channel: Record<string, unknown> & { item?: Item[] } } };
  expect(document.rss["@version"]).toBe("2.0");
  const { channel } = document.rss;
  for (const required of ["title", "link", "description"]) expect(typeof channel[required]).toBe("string");
  expect((channel["atom:link"] as Record<string, string>)["@href"]).toBe(`${site()}${path}`);
  const items = channel.item ?? [];
  for (const item of items) {
    expect(item.title || item.description).toBeTruthy();
    expect(item.guid["#text"]).toBe(item.link);
    expect(new Date(item.pubDate).toUTCString()).toBe(item.pubDate);
    expect(item.enclosure["@type"]).toBe("audio/mpeg");
    expect(Number(item.enclosure["@length"])).toBeGreaterThan(0);
    expect(item.enclosure["@url"]).toStartWith(`${site()}/api/track/`);
  }
  return { channel, items };
}

const links = (items: Item[]) => items.map((item) => item.link);

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(live.server), signUp(live.server)]);
  const upload = (session: Session, title: string, extra: Record<string, unknown> = {}) =>
    createTrack(live.server, session.token, {
      original: "real-audio/audio-lena.flac",
      data: { title, primaryArtistName: "Feed Artist", genreNames: ["Dub Techno"], description: "Deep & <warm>", ...extra },
    });
  [listed, hidden, gone, othersTrack] = await Promise.all([
    upload(owner, "Listed"),
    upload(owner, "Hidden", { isPublic: false }),
    upload(owner, "Gone"),
    upload(stranger, "Another's", { genreNames: ["house"] }),
  ]);
  await Promise.all(
    [listed, hidden, gone, othersTrack].map((id) =>
      waitForProcessing(live.server, undefined, id).catch(() => waitForProcessing(live.server, owner.token, id)),
    ),
  );
  const deleted = await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [gone] } });
  expect(deleted.status).toBe(200);
});

describe("feeds", () => {
  test("/feeds/tracks.xml: the newest public tracks with their MP3s, never private or deleted ones", async () => {
    const { items } = await readFeed("/feeds/tracks.xml");
    // Uploaded at the same moment: either may be the newer.
    expect(links(items).sort()).toEqual([`${site()}/track/${othersTrack}`, `${site()}/track/${listed}`].sort());
    const dates = items.map((entry) => Date.parse(entry.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const item = items.find((entry) => entry.link.endsWith(listed)) as Item;
    expect(item.title).toBe("Listed by Feed Artist");
    expect(item.description).toBe("Deep & <warm>");
    expect(item.category).toEqual(["Dub Techno"]);
    expect(item.enclosure["@url"]).toBe(`${site()}/api/track/${listed}/full.mp3`);
    const mp3 = await get(`/api/track/${listed}/full.mp3`);
    expect(item.enclosure["@length"]).toBe(mp3.headers.get("content-length") as string);
  });

  test("/feeds/u/{username}.xml: one artist's public tracks; an unknown artist is a 404", async () => {
    const { channel, items } = await readFeed(`/feeds/u/${owner.user.username}.xml`);
    expect(channel.link).toBe(`${site()}/u/${owner.user.username}`);
    expect(links(items)).toEqual([`${site()}/track/${listed}`]);
    expect((await get("/feeds/u/nobody_here.xml")).status).toBe(404);
    expect((await get(`/feeds/u/${owner.user.username}.json`)).status).toBe(404);
  });

  test("/feeds/genre/{name}.xml: a genre's public tracks, any letter case; a genre nobody uses is a 404", async () => {
    const { items } = await readFeed("/feeds/genre/Dub%20Techno.xml");
    expect(links(items)).toEqual([`${site()}/track/${listed}`]);
    expect((await get("/feeds/genre/polka.xml")).status).toBe(404);
  });

  test("an unchanged feed answers If-None-Match with a 304; a changed one with its new ETag", async () => {
    const first = await get("/feeds/tracks.xml");
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[a-z0-9]+"$/);
    const again = await get("/feeds/tracks.xml", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await call(live.server, "PATCH", `/track/${othersTrack}/visibility`, { token: stranger.token, body: { isPublic: false } });
    const changed = await get("/feeds/tracks.xml", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).not.toContain(othersTrack);
  });

  test("the home, artist and genre pages link their feeds for readers to find", async () => {
    for (const [page, feed] of [
      ["/", "/feeds/tracks.xml"],
      [`/u/${owner.user.username}`, `/feeds/u/${owner.user.username}.xml`],
      ["/genre/dub%20techno", "/feeds/genre/dub%20techno.xml"],
    ] as const) {
      const html = await (await get(page)).text();
      expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${feed}"`));
    }
  });
});
