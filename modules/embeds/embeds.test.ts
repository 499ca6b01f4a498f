import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { extract, setProviderList } from "@extractus/oembed-extractor";
import ogs from "open-graph-scraper";
import { unfurl } from "unfurl.js";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows } from "../../tests/support/database-rows";
import { eventually } from "../../tests/support/eventually";
import { setUpServer } from "../../tests/support/lifecycle";
import { publicUrlEnv, publicUrlOf } from "../../tests/support/public-url";
import { storedKeys } from "../../tests/support/stored-files";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";

setDefaultTimeout(90_000);

/** Embeds, oEmbed and link previews as clients this project did not write read them, on a server at its PUBLIC_URL. */
const live = setUpServer({ env: publicUrlEnv() });
let owner: Session;
let withCover: string;
let withoutCover: string;
let privateTrack: string;
let deletedTrack: string;
let hiddenLater: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/**
 * The extractor asks every listed provider over https (as real providers are); this stands in for the TLS proxy in
 * front of a real server, passing its requests on to the test server over http.
 */
const httpsStandIn = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: (request) => fetch(new URL(request.url).searchParams.get("url")?.replace(/^https:/, "http:") ?? ""),
});
afterAll(() => httpsStandIn.stop(true));
/** open-graph-scraper's URL check, letting a host without a top-level domain (localhost) through. */
const scrape = (url: string) => ogs({ url, urlValidatorSettings: { ...SCRAPER_URL_RULES } });
const SCRAPER_URL_RULES = {
  allow_fragments: true,
  allow_protocol_relative_urls: false,
  allow_query_components: true,
  allow_trailing_dot: false,
  allow_underscores: false,
  protocols: ["http"],
  require_host: true,
  require_port: false,
  require_protocol: true,
  require_tld: false,
  require_valid_protocol: true,
  validate_length: true,
};

const site = () => publicUrlOf(live.server);
const trackUrl = (id: string) => `${site()}/track/${id}`;
const page = (path: string, init?: RequestInit) => fetch(`${site()}${path}`, init);

beforeAll(async () => {
  owner = await signUp(live.server);
  const upload = (title: string, extra: Record<string, unknown> = {}, coverArt?: string) =>
    createTrack(live.server, owner.token, {
      original: "real-audio/audio-lena.flac",
      coverArt,
      data: { title, primaryArtistName: "Lena Test", ...extra },
    });
  [withCover, withoutCover, privateTrack, deletedTrack, hiddenLater] = await Promise.all([
    upload("Covered", {}, "images/matplotlib-grace_hopper.jpg"),
    upload("Bare <Song> & Co"),
    upload("Hidden", { isPublic: false }),
    upload("Gone"),
    upload("Hidden later"),
  ]);
  await Promise.all(
    [withCover, withoutCover, privateTrack, deletedTrack, hiddenLater].map((id) =>
      waitForProcessing(live.server, owner.token, id),
    ),
  );
  const deleted = await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [deletedTrack] } });
  expect(deleted.status).toBe(200);
  // Consumers find the provider by its scheme; the list is pointed at the test server instead of oembed.com's.
  setProviderList([
    {
      provider_name: "Stemma",
      provider_url: site(),
      endpoints: [{ schemes: [`${site()}/track/*`], url: `${site()}/api/oembed`, formats: ["json"] }],
    },
  ]);
});

describe("embed page", () => {
  test("a public track's player: its title, artist, waveform and audio, framable anywhere", async () => {
    const response = await page(`/embed/track/${withCover}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors *");
    const html = await response.text();
    expect(html).toContain("Covered");
    expect(html).toContain("Lena Test");
    expect(html).toContain(`href="${trackUrl(withCover)}" target="_blank"`);
    expect(html).toContain('class="waveform-svg"');
    expect(html).toContain(`/api/track/${withCover}/full.mp3`);
    expect(html).toContain('data-theme="light"');
  });

  test("?theme=dark renders the dark theme; ?t= is read by the player, the same page either way", async () => {
    const dark = await (await page(`/embed/track/${withCover}?theme=dark&t=7`)).text();
    expect(dark).toContain('data-theme="dark"');
    const odd = await (await page(`/embed/track/${withCover}?theme=<script>`)).text();
    expect(odd).toContain('data-theme="light"');
    expect(odd).not.toContain('<script>"');
  });

  test("served as a kept page: compressed, with an ETag a revisit answers with 304", async () => {
    const first = await page(`/embed/track/${withCover}`, { headers: { "accept-encoding": "br" } });
    expect(first.headers.get("content-encoding")).toBe("br");
    const etag = first.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    const again = await page(`/embed/track/${withCover}?t=30`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  test("private, deleted and unknown tracks have no embed: the same 404", async () => {
    for (const id of [privateTrack, deletedTrack, UNKNOWN, "..%2F..%2Fetc"]) {
      const response = await page(`/embed/track/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Hidden");
    }
    // Not even to its owner: the embed is what strangers' sites show.
    const owned = await page(`/embed/track/${privateTrack}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(owned.status).toBe(404);
  });

  test("a track made private loses its embed at once, kept copies included", async () => {
    expect((await page(`/embed/track/${hiddenLater}?theme=dark`)).status).toBe(200);
    const keptEmbed = () => countRows(live.server, "kept_pages", "key = ?", `/embed/track/${hiddenLater}?theme=dark`);
    // A page is kept in the background once first answered.
    await eventually("the embed kept", async () => (await keptEmbed()) === 1);
    const hidden = await call(live.server, "PATCH", `/track/${hiddenLater}/visibility`, {
      token: owner.token,
      body: { isPublic: false },
    });
    expect(hidden.status).toBe(200);
    expect(await keptEmbed()).toBe(0);
    expect((await page(`/embed/track/${hiddenLater}?theme=dark`)).status).toBe(404);
  });

  test("every other page may be framed only by the site itself, under one CSP", async () => {
    for (const path of ["/", `/track/${withCover}`, "/login", "/no-such-page"]) {
      const policy = (await page(path)).headers.get("content-security-policy") ?? "";
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("script-src 'self'");
    }
  });
});

describe("oEmbed provider", () => {
  const oembed = (query: Record<string, string>) =>
    call<Record<string, unknown>>(live.server, "GET", `/oembed?${new URLSearchParams(query)}`);

  test("@extractus/oembed-extractor gets the iframe player within the maxima it asks for", async () => {
    const data = (await extract(
      trackUrl(withCover),
      { maxwidth: 400, maxheight: 100 },
      { proxy: { target: `${httpsStandIn.url}?url=` } },
    )) as unknown as Record<string, unknown>;
    expect(data.type).toBe("video");
    expect(data.version).toBe("1.0");
    expect(data.title).toBe("Covered");
    expect(data.author_name).toBe("Lena Test");
    expect(data.author_url).toBe(`${site()}/u/${owner.user.username}`);
    expect(data.provider_name).toBe("Stemma");
    expect(data.width).toBe(400);
    expect(data.height).toBe(100);
    expect(data.html).toContain(`<iframe src="${site()}/embed/track/${withCover}" width="400" height="100"`);
    expect(data.thumbnail_url).toBe(`${site()}/api/track/${withCover}/cover?size=page`);
    expect(data.cache_age).toBeGreaterThan(0);
  });

  test("without maxima: the standard size; a time in the page address starts the player there", async () => {
    const reply = await oembed({ url: `${trackUrl(withCover)}?t=42` });
    expect(reply.status).toBe(200);
    expect(reply.body.width).toBe(560);
    expect(reply.body.height).toBe(120);
    expect(reply.body.html).toContain(`/embed/track/${withCover}?t=42"`);
  });

  test("a track without cover art gets its generated preview image as thumbnail, and titles are escaped", async () => {
    const reply = await oembed({ url: trackUrl(withoutCover), format: "json" });
    expect(reply.status).toBe(200);
    expect(reply.body.thumbnail_url).toBe(`${site()}/api/track/${withoutCover}/preview.png`);
    expect(reply.body.html).toContain('title="Bare &lt;Song&gt; &amp; Co by Lena Test"');
  });

  test("private, deleted, unknown and foreign addresses: 404; XML: 501; bad maxima: 400", async () => {
    for (const url of [
      trackUrl(privateTrack),
      trackUrl(deletedTrack),
      trackUrl(UNKNOWN),
      "https://example.com/track/x",
      "nonsense",
    ]) {
      const reply = await oembed({ url });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "No public track at this address" });
    }
    const xml = await oembed({ url: trackUrl(withCover), format: "xml" });
    expect(xml.status).toBe(501);
    expect(xml.body).toEqual({ message: "Only the json format is offered" });
    const bad = await oembed({ url: trackUrl(withCover), maxwidth: "-5" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("maxwidth must be a whole number of pixels");
    const missing = await call(live.server, "GET", "/oembed");
    expect(missing.status).toBe(400);
  });
});

describe("link previews", () => {
  test("open-graph-scraper reads a player card, an image and the audio", async () => {
    const { result } = await scrape(trackUrl(withCover));
    expect(result.twitterCard).toBe("player");
    expect(result.twitterPlayer?.[0]?.url).toBe(`${site()}/embed/track/${withCover}`);
    expect(String(result.twitterPlayer?.[0]?.width)).toBe("560");
    expect(String(result.twitterPlayer?.[0]?.height)).toBe("120");
    expect(result.ogImage?.[0]?.url).toBe(`${site()}/api/track/${withCover}/cover?size=page`);
    expect(result.ogAudio ?? result.ogAudioURL).toBe(`${site()}/api/track/${withCover}/full.mp3`);
    expect(result.ogAudioType).toBe("audio/mpeg");
    expect(result.ogVideo?.[0]?.url).toBe(`${site()}/embed/track/${withCover}`);
    expect(result.ogVideo?.[0]?.type).toBe("text/html");
    expect(result.ogUrl).toBe(trackUrl(withCover));
  });

  test("a track without cover art still has an image: the generated one", async () => {
    const { result } = await scrape(trackUrl(withoutCover));
    expect(result.ogImage?.[0]?.url).toBe(`${site()}/api/track/${withoutCover}/preview.png`);
    expect(result.twitterCard).toBe("player");
  });

  test("unfurl.js finds the oEmbed by discovery and reads OpenGraph alongside", async () => {
    const metadata = await unfurl(trackUrl(withCover), { oembed: true });
    expect(metadata.canonical_url).toBe(trackUrl(withCover));
    expect(metadata.open_graph.url).toBe(trackUrl(withCover));
    expect(metadata.open_graph.videos[0]?.url).toBe(`${site()}/embed/track/${withCover}`);
    expect(metadata.twitter_card.card).toBe("player");
    const embed = metadata.oEmbed as { type: string; html: string; width: number; height: number };
    expect(embed.type).toBe("video");
    expect(embed.html).toContain(`${site()}/embed/track/${withCover}`);
    expect([embed.width, embed.height]).toEqual([560, 120]);
  });

  test("a private track's page names no player, oEmbed or image", async () => {
    const html = await (await page(`/track/${privateTrack}`)).text();
    expect(html).not.toContain("application/json+oembed");
    expect(html).not.toContain("twitter:player");
    expect(html).not.toContain("Hidden");
  });
});

describe("generated preview image", () => {
  /** A PNG's width and height, from its IHDR chunk. */
  const pngSize = (bytes: Uint8Array) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  };

  test("a track without cover art gets a 1200 × 630 PNG, made once for its version", async () => {
    const first = await page(`/api/track/${withoutCover}/preview.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    const bytes = await first.bytes();
    expect(Array.from(bytes.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    const again = await (await page(`/api/track/${withoutCover}/preview.png`)).bytes();
    expect(Bun.hash(again)).toBe(Bun.hash(bytes));
    expect(await storedKeys(live.server, `tracks/${withoutCover}/previews`)).toHaveLength(1);
  });

  test("private, deleted and unknown tracks have none: 404", async () => {
    for (const id of [privateTrack, deletedTrack, UNKNOWN]) {
      const response = await page(`/api/track/${id}/preview.png`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "No public track at this address" });
    }
  });
});
