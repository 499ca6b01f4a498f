/**
 * Kept public pages on the real server (and on the cluster: STEMMA_TEST_TARGET=cluster): rendered before their
 * first request when what they show changes, never sent once behind the track, filled with today's counters,
 * gone with a track that is hidden or deleted, never kept for a private track, and rendered again for a new build.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { eventually } from "../../tests/support/eventually";
import { setUpServer } from "../../tests/support/lifecycle";
import { clusterOf } from "../../tests/support/server";
import { forkWithStems, removeStem } from "../../tests/support/studio";
import { createTrack, firstLicenseId, TINY_WAV, uploadTiny, waitProcessed } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";

const live = setUpServer();
let owner: Session;
let friend: Session;
let licenseId: string;

beforeAll(async () => {
  owner = await signUp(live.server);
  friend = await signUp(live.server);
  licenseId = await firstLicenseId(live.server);
});

const BROWSER = "gzip, deflate, br";
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${live.server.url}${path}`, { headers: { "accept-encoding": BROWSER, ...headers } });
const anonymousJson = async (id: string) => (await (await get(`/api/track/${id}`)).json()) as TrackDetails;

interface KeptRow {
  version: string;
  build: string;
  etag: string;
}
const keptRow = async (key: string) =>
  (await runSql<KeptRow>(live.server, "select version, build, etag from kept_pages where key = ?", key))[0];
const pageVersion = async (id: string) =>
  String((await runSql<{ v: number }>(live.server, "select page_version as v from tracks where id = ?", id))[0]?.v);
const keptKeysOf = async (id: string) =>
  (
    await runSql<{ key: string }>(
      live.server,
      "select key from kept_pages where key in (?, ?)",
      `/track/${id}`,
      `/api/track/${id}`,
    )
  )
    .map((row) => row.key)
    .sort();

const pagesDue = async () => (await runSql<{ key: string }>(live.server, "select key from pages_due")).map((row) => row.key);

const isFork = async (id: string) =>
  (await runSql<{ parent: string | null }>(live.server, "select forked_from_id as parent from tracks where id = ?", id))[0]
    ?.parent != null;

/**
 * Waits until both kept answers of `id` are at its current page version, with no request for them. A fork's page is
 * kept under a version that folds in its ancestors' (src/server/cache/public-pages.ts, forkPageVersion), so there it is
 * current once kept and no longer due.
 */
const prerendered = (id: string) =>
  eventually(`kept pages of ${id} at its version`, async () => {
    const version = await pageVersion(id);
    const page = await keptRow(`/track/${id}`);
    const pageCurrent =
      page?.version === version || (page !== undefined && (await isFork(id)) && !(await pagesDue()).includes(`/track/${id}`));
    return pageCurrent && (await keptRow(`/api/track/${id}`))?.version === version;
  });

async function publicTrack(title: string): Promise<string> {
  const id = await uploadTiny(live.server, owner, { title });
  await waitProcessed(live.server, owner, id);
  return id;
}

describe("pre-rendering", () => {
  test("a public track's page and its JSON are kept before anyone asks", async () => {
    const id = await publicTrack("Rendered Ahead");
    await prerendered(id);
    const kept = (await keptRow(`/track/${id}`)) as KeptRow;
    const first = await get(`/track/${id}`);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("etag")).toBe(`"${kept.etag.slice(1, -1)}-br"`);
    expect(await first.text()).toContain("Rendered Ahead");
  });

  test("a page not kept is answered from its render at once, with the ETag and bytes its kept answer then has", async () => {
    const id = await publicTrack("Answered First");
    await prerendered(id);
    // As if never rendered ahead: the next request renders it, answers, and keeps it after.
    await runSql(live.server, "delete from kept_pages where key = ?", `/track/${id}`);
    const first = await get(`/track/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    const firstBody = await first.text();
    expect(firstBody).toContain("Answered First");
    await eventually(`/track/${id} kept again`, async () => (await keptRow(`/track/${id}`)) !== undefined);
    const kept = (await keptRow(`/track/${id}`)) as KeptRow;
    expect(first.headers.get("etag")).toBe(`"${kept.etag.slice(1, -1)}-br"`);
    // The kept answer, compressed hard, carries the same page; the client's copy from the first answer is current.
    const again = await get(`/track/${id}`);
    expect(await again.text()).toBe(firstBody);
    expect((await get(`/track/${id}`, { "if-none-match": first.headers.get("etag") as string })).status).toBe(304);
  });

  test("the home page in each sort, once asked for, is rendered ahead of its next request after a change", async () => {
    const asked = ["", "?sort=oldest", "?sort=titleAsc", "?sort=durationDesc"];
    const notAsked = "?sort=artistDesc";
    await runSql(live.server, "delete from kept_pages where key = ?", `/${notAsked}`);
    for (const sort of asked) expect((await get(`/${sort}`)).status).toBe(200);
    // Kept just after the answer, which left first (modules/pages/service.ts, `keep`).
    const before = new Map<string, string | undefined>();
    for (const sort of asked) {
      await eventually(`home page /${sort} kept`, async () => (await keptRow(`/${sort}`)) !== undefined);
      before.set(sort, (await keptRow(`/${sort}`))?.version);
    }

    await publicTrack("Listed Ahead");
    for (const sort of asked)
      await eventually(`home page /${sort} rendered again`, async () => {
        const version = (await keptRow(`/${sort}`))?.version;
        return version !== undefined && version !== before.get(sort);
      });
    await eventually("no home page due", async () => !(await pagesDue()).some((key) => key.startsWith("/?") || key === "/"));
    expect(await keptRow(`/${notAsked}`)).toBeUndefined();
    // Its first request renders it, current, and keeps it; any other query string gets the same page.
    expect(await (await get(`/${notAsked}`)).text()).toContain("Listed Ahead");
    await eventually(`home page /${notAsked} kept`, async () => (await keptRow(`/${notAsked}`)) !== undefined);
    expect(await (await get("/?sort=oldest&utm_source=x")).text()).toContain("Listed Ahead");
  });

  test("a private track's page and JSON are never kept", async () => {
    const id = await uploadTiny(live.server, owner, { title: "Never Kept", isPublic: false });
    await waitProcessed(live.server, owner, id);
    const refused = await get(`/track/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).not.toContain("Never Kept");
    expect((await get(`/api/track/${id}`)).status).toBe(404);
    expect((await call(live.server, "GET", `/track/${id}`, { token: owner.token })).status).toBe(200);
    expect(await runSql(live.server, "select key from pages_due where key like ?", `%${id}`)).toEqual([]);
    expect(await keptKeysOf(id)).toEqual([]);
  });

  test("answers kept by another build are rendered again at boot, and served current meanwhile", async () => {
    const id = await publicTrack("New Build");
    await prerendered(id);
    const build = ((await keptRow(`/track/${id}`)) as KeptRow).build;
    // Not due, so nothing renders it again before the boot.
    await runSql(
      live.server,
      "update kept_pages set build = 'another-build' where key in (?, ?)",
      `/track/${id}`,
      `/api/track/${id}`,
    );
    await live.restartServer();
    expect(await (await get(`/track/${id}`)).text()).toContain("New Build");
    await eventually("both answers of the new build", async () => {
      const rows = await runSql<{ build: string }>(
        live.server,
        "select build from kept_pages where key in (?, ?)",
        `/track/${id}`,
        `/api/track/${id}`,
      );
      return rows.length === 2 && rows.every((row) => row.build === build);
    });
  });
});

describe("no change ever serves a stale kept answer", () => {
  test("an edit", async () => {
    const id = await publicTrack("Before Edit");
    await prerendered(id);
    const before = await get(`/track/${id}`);
    const edited = await call(live.server, "PATCH", `/track/${id}`, {
      token: owner.token,
      body: { title: "After Edit", primaryArtistName: "Tester", licenseId },
    });
    expect(edited.status).toBe(200);
    const after = await get(`/track/${id}`);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await after.text()).toContain("After Edit");
    expect((await anonymousJson(id)).title).toBe("After Edit");
    await prerendered(id);
    // One row per path, however many versions it went through.
    expect(await keptKeysOf(id)).toEqual([`/api/track/${id}`, `/track/${id}`]);
  });

  test("a change another process writes to the database is served at the next request", async () => {
    const id = await publicTrack("Before Script");
    await prerendered(id);
    // Asked for twice: its state is known in the server and its bytes are held in memory.
    for (let n = 0; n < 2; n++) expect(await (await get(`/track/${id}`)).text()).toContain("Before Script");
    expect((await anonymousJson(id)).title).toBe("Before Script");
    await runSql(live.server, "update tracks set title = 'After Script' where id = ?", id);
    expect(await (await get(`/track/${id}`)).text()).toContain("After Script");
    expect((await anonymousJson(id)).title).toBe("After Script");
  });

  test("made private: no longer served to anyone else and its kept answers are gone; public again, served again", async () => {
    const id = await publicTrack("Goes Private");
    await prerendered(id);
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: owner.token, body: { isPublic: false } });
    expect(await keptKeysOf(id)).toEqual([]);
    const refused = await get(`/track/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).not.toContain("Goes Private");
    expect((await get(`/api/track/${id}`)).status).toBe(404);
    expect((await call(live.server, "GET", `/track/${id}`, { token: friend.token })).status).toBe(404);
    await call(live.server, "PATCH", `/track/${id}/visibility`, { token: owner.token, body: { isPublic: true } });
    expect(await (await get(`/track/${id}`)).text()).toContain("Goes Private");
    await prerendered(id);
  });

  test("a share: the owner sees whom with, nobody else does", async () => {
    const id = await publicTrack("Shared");
    await prerendered(id);
    const before = await keptRow(`/api/track/${id}`);
    const othersSaw = await (await get(`/api/track/${id}`)).text();
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
    expect(await (await get(`/track/${id}`)).text()).toContain("Shared");
    const ownView = await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: owner.token });
    expect(ownView.body.sharedWith.map((share) => share.userId)).toEqual([friend.user.id]);
    expect((await anonymousJson(id)).sharedWith).toEqual([]);
    const friendView = await call<TrackDetails>(live.server, "GET", `/track/${id}`, { token: friend.token });
    expect(friendView.body.sharedWith).toEqual([]);
    await prerendered(id);
    // Kept again at the new version, showing others what they saw before.
    expect((await keptRow(`/api/track/${id}`))?.version).not.toBe(before?.version);
    expect(await (await get(`/api/track/${id}`)).text()).toBe(othersSaw);
  });

  test("a FLAC conversion's status", async () => {
    const id = await publicTrack("Converted");
    await prerendered(id);
    expect((await anonymousJson(id)).flacConversionStatus).toBe("NOT_STARTED");
    const started = await call(live.server, "POST", `/track/${id}/convert-audio`, {
      token: owner.token,
      body: { type: "full", format: "flac" },
    });
    expect(started.status).toBe(200);
    expect((await anonymousJson(id)).flacConversionStatus).not.toBe("NOT_STARTED");
    await prerendered(id);
  });

  test("processing done", async () => {
    const id = await uploadTiny(live.server, owner, { title: "Processing" });
    const ready = await waitProcessed(live.server, owner, id);
    expect((await anonymousJson(id)).processingStatus).toBe(ready.processingStatus);
    expect(await (await get(`/track/${id}`)).text()).toContain("Processing");
    await prerendered(id);
  });

  test("a fork raises the original's forkCount; a stem removed in the studio leaves the fork's page", async () => {
    const { original, forkId } = await forkWithStems(live.server, owner, friend, ["bass", "drums"]);
    expect((await anonymousJson(original.id)).forkCount).toBe(1);
    await prerendered(forkId);
    const fork = await anonymousJson(forkId);
    expect(fork.stems.map((stem) => stem.name).sort()).toEqual(["bass", "drums"]);
    const before = await get(`/track/${forkId}`);
    const bass = fork.stems.find((stem) => stem.name === "bass")?.id as string;
    expect((await removeStem(live.server, friend, forkId, bass)).status).toBe(200);
    expect((await anonymousJson(forkId)).stems.map((stem) => stem.name)).toEqual(["drums"]);
    expect((await get(`/track/${forkId}`)).headers.get("etag")).not.toBe(before.headers.get("etag"));
    await prerendered(forkId);
  });

  test("deleted: its kept answers go with it", async () => {
    const id = await publicTrack("Deleted");
    await prerendered(id);
    await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [id] } });
    expect(await keptKeysOf(id)).toEqual([]);
    const gone = await get(`/track/${id}`);
    expect(gone.headers.get("cache-control")).toBe("private, no-store");
    expect(await gone.text()).not.toContain("Deleted");
    expect((await get(`/api/track/${id}`)).status).toBe(404);
  });

  test("filtered home pages are rendered per version, current, and never kept in the database", async () => {
    const keptKeys = async () => (await runSql<{ key: string }>(live.server, "select key from kept_pages")).map((row) => row.key);
    const filtered = ["/?genre=filtered-one", "/?genre=filtered-one&bpmMin=90", "/?sort=oldest&isFork=false", "/?key=am&cursor="];
    for (const path of filtered) expect((await get(path)).status, path).toBe(200);
    const id = await createTrack(live.server, owner.token, {
      original: TINY_WAV,
      data: { title: "Filtered Fresh", primaryArtistName: "Tester", genreNames: ["Filtered-One"], bpm: 95 },
    });
    await waitProcessed(live.server, owner, id);
    expect(await (await get("/?genre=filtered-one&bpmMin=90")).text()).toContain("Filtered Fresh");
    expect(await (await get("/?genre=FILTERED-ONE&bpmMax=90")).text()).not.toContain("Filtered Fresh");
    expect((await keptKeys()).filter((key) => /genre|bpm|isFork|key=/.test(key))).toEqual([]);
    // The blank fields of a form sent without JavaScript set no filter: the kept page in that sort. (On a cluster
    // each instance may hold its own render of it within the counters' staleness: there, no row for the blanks.)
    const blank = await get("/?genre=&bpmMin=&license=&sort=oldest");
    expect(blank.status).toBe(200);
    if (!clusterOf(live.server)) expect(blank.headers.get("etag")).toBe((await get("/?sort=oldest")).headers.get("etag"));
    expect((await keptKeys()).filter((key) => key.includes("genre=") || key.includes("license="))).toEqual([]);
    // A refused filter is the route's 400, not a kept page either.
    expect((await get("/?bpmMin=200&bpmMax=100")).status).toBe(400);
  });

  test("a new public track is on the home page at once", async () => {
    await eventually("home page kept", async () => (await keptRow("/")) !== undefined);
    const id = await publicTrack("Newest On Home");
    expect(await (await get("/")).text()).toContain("Newest On Home");
    expect(await (await get("/?sort=newest")).text()).toContain(id);
  });
});

describe("serving", () => {
  test("counters are filled in as served: a play shows on the page and in the JSON", async () => {
    const id = await publicTrack("Played");
    await prerendered(id);
    const before = await get(`/track/${id}`);
    const counted = await call<{ counted: boolean }>(live.server, "POST", `/track/${id}/usage`, {
      body: { eventType: "PLAY", playbackSource: "STREAM", duration: 6, anonymousId: "visitor-kept-1" },
    });
    expect(counted.body.counted).toBe(true);
    const played = await get(`/track/${id}`);
    expect(played.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const html = await played.text();
    // The Plays figure of the header, as a visitor reads it (its island's markup stripped).
    const plays = html.match(/<dt>Plays<\/dt><dd>(.*?)<\/dd>/)?.[1]?.replace(/<[^>]*>/g, "");
    expect(plays).toBe("1");
    expect(html).not.toContain("9007199254740991");
    expect((await anonymousJson(id)).totalPlays).toBe(1);
  });

  /**
   * Waits until `path` answers the same ETag twice running: the home page shows every track, so a play an earlier test
   * counted may still be reaching it (kept answers' counts may lag), and the encodings compared must be of one answer.
   */
  async function settled(path: string): Promise<void> {
    let last: string | null = null;
    await eventually(`${path} settled`, async () => {
      const answer = await get(path);
      await answer.arrayBuffer();
      const tag = answer.headers.get("etag");
      const same = tag === last;
      last = tag;
      return same;
    });
  }

  test("a matching If-None-Match in any encoding gets 304; a client without Accept-Encoding gets the plain bytes", async () => {
    const id = await publicTrack("Revalidated");
    await prerendered(id);
    for (const path of [`/track/${id}`, `/api/track/${id}`, "/"]) {
      await settled(path);
      const packed = await get(path);
      const text = await packed.text();
      const etag = packed.headers.get("etag") as string;
      expect(etag).toMatch(/^"[^"]+-br"$/);
      expect(packed.headers.get("vary")).toContain("accept-encoding");
      const gzipped = await get(path, { "accept-encoding": "gzip" });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(await gzipped.text()).toBe(text);
      const plain = await fetch(`${live.server.url}${path}`, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(text);
      for (const tag of [etag, gzipped.headers.get("etag") as string, plain.headers.get("etag") as string]) {
        const revalidated = await get(path, { "if-none-match": tag });
        expect(revalidated.status).toBe(304);
        expect(await revalidated.text()).toBe("");
      }
      expect((await get(path, { "if-none-match": '"something-else"' })).status).toBe(200);
    }
  });
});
