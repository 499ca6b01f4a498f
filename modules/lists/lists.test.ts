/**
 * The list API over real uploads (POST /api/track with a 0.25 s corpus WAV): who sees what, paging in
 * every SPEC §9 sort while tracks are added and deleted, and the batch delete with foreign ids.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { LIST_WAVEFORM_PAIRS, shrinkWaveform } from "../../src/shared/waveform";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { listAll } from "../../tests/support/lists";
import { uploadTiny, waitProcessed } from "../../tests/support/uploads";
import type { TrackPage } from "./model";
import { SORT_DIRECTIONS, SORT_FIELDS } from "./model";

const live = setUpServer();
let admin: Session;
let alice: Session;
let bob: Session;
const aliceTracks = { publicA: "", publicB: "", publicC: "", private: "" };
let bobPublic: string;

beforeAll(async () => {
  admin = await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
  // Tied titles and artists in mixed case, so every sort needs its id tie-break.
  aliceTracks.publicA = await uploadTiny(live.server, alice, { title: "Echo", primaryArtistName: "ann" });
  aliceTracks.publicB = await uploadTiny(live.server, alice, { title: "echo", primaryArtistName: "Ann" });
  aliceTracks.publicC = await uploadTiny(live.server, alice, { title: "Delta", primaryArtistName: "Bo" });
  aliceTracks.private = await uploadTiny(live.server, alice, { title: "Secret", isPublic: false });
  bobPublic = await uploadTiny(live.server, bob, { title: "Echo", primaryArtistName: "Ann" });
}, 60_000);

/** What the track page's Track has and a list item has not. */
const TRACK_PAGE_ONLY = [
  "stems",
  "sharedWith",
  "fullTrackWavUrl",
  "fullTrackFlacUrl",
  "wavConversionStatus",
  "flacConversionStatus",
  "wavSizeBytes",
  "flacSizeBytes",
  // The caller's own: a list answer is shared by everyone who may read it.
  "likedByMe",
];

describe("who sees what", () => {
  test("a private track is only in its owner's lists, never in another user's or the public one", async () => {
    expect(await listAll(live.server, "/tracks/public", undefined)).not.toContain(aliceTracks.private);
    expect(await listAll(live.server, "/tracks/available", bob.token)).not.toContain(aliceTracks.private);
    expect(await listAll(live.server, "/tracks/shared", bob.token)).not.toContain(aliceTracks.private);
    expect(await listAll(live.server, "/tracks", bob.token)).toEqual([bobPublic]);
    expect(await listAll(live.server, "/tracks", alice.token)).toContain(aliceTracks.private);
    expect(await listAll(live.server, "/tracks/available", alice.token)).toContain(aliceTracks.private);
    expect(await listAll(live.server, "/tracks/available", bob.token)).toContain(aliceTracks.publicA);
  });

  test("items carry the SPEC §3 fields the cards show", async () => {
    const page = await call<{ items: Record<string, unknown>[] }>(live.server, "GET", "/tracks/public?limit=1");
    const item = page.body.items[0] as Record<string, unknown>;
    for (const field of ["id", "title", "primaryArtistName", "duration", "coverArt", "originalUrl", "licenseId", "totalPlays"])
      expect(item).toHaveProperty(field);
    expect((item.user as { username: string }).username).toBeTruthy();
  });

  test("a list item is the track page's Track without stems, shares and download state (one view builder)", async () => {
    // Once processed, nothing about the track changes between the two reads.
    const single = await waitProcessed(live.server, alice, aliceTracks.private);
    const page = await call<{ items: Record<string, unknown>[] }>(live.server, "GET", "/tracks?limit=100", {
      token: alice.token,
    });
    const item = page.body.items.find((entry) => entry.id === aliceTracks.private);
    // Lists carry the card-sized waveform (src/shared/waveform.ts) of the stored peaks; the track JSON a page-sized one.
    const [stored] = await runSql<{ peaks: string }>(
      live.server,
      "select waveform_data as peaks from track_waveforms where track_id = ?",
      aliceTracks.private,
    );
    const listWaveform = shrinkWaveform(JSON.parse(stored?.peaks ?? "[]") as number[], LIST_WAVEFORM_PAIRS);
    expect(item?.waveformData).toEqual(listWaveform);
    expect(listWaveform).toHaveLength(2 * LIST_WAVEFORM_PAIRS);
    expect(Math.max(...listWaveform.map(Math.abs))).toBe(1);
    const rest = (track: Record<string, unknown>) => Object.entries(track).filter(([field]) => field !== "waveformData");
    expect(Object.fromEntries(rest(item ?? {}))).toEqual(
      Object.fromEntries(rest(single).filter(([field]) => !TRACK_PAGE_ONLY.includes(field))),
    );
    expect(item).toMatchObject({ processingStatus: "READY", originalUrl: `/api/track/${aliceTracks.private}/original` });
  });

  test("a list answer is the text JSON.stringify makes of it: the Track's field order, the waveform as stored or null", async () => {
    // The card waveform is written into the answer as the column holds it (tracks/view.ts trackListItemsJson).
    const unread = await uploadTiny(live.server, bob, { title: "Bare" });
    await waitProcessed(live.server, bob, unread);
    await runSql(live.server, "update tracks set waveform_preview = null where id = ?", unread);
    const text = await (await fetch(`${live.server.url}/api/tracks/public?limit=100`)).text();
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    const items = (JSON.parse(text) as TrackPage).items;
    expect(items.find((item) => item.id === unread)?.waveformData).toBeNull();
    const listed = items.find((item) => item.id === aliceTracks.publicA);
    expect(listed?.waveformData).toHaveLength(2 * LIST_WAVEFORM_PAIRS);
    const single = (await call<Record<string, unknown>>(live.server, "GET", `/track/${aliceTracks.publicA}`)).body;
    expect(Object.keys(listed ?? {})).toEqual(Object.keys(single).filter((field) => !TRACK_PAGE_ONLY.includes(field)));
  });
});

describe("paging", () => {
  for (const sortField of SORT_FIELDS)
    for (const sortDirection of SORT_DIRECTIONS)
      test(`public list by ${sortField} ${sortDirection}, 2 per page, matches one big page`, async () => {
        const query = { sortField, sortDirection };
        const whole = await listAll(live.server, "/tracks/public", undefined, query);
        const paged = await listAll(live.server, "/tracks/public", undefined, { ...query, limit: "2" });
        expect(paged).toEqual(whole);
        expect(new Set(whole).size).toBe(whole.length);
      });

  test("paging across an upload and a delete neither repeats nor skips", async () => {
    const read = (cursor?: string) =>
      call<TrackPage>(
        live.server,
        "GET",
        `/tracks/available?limit=2&sortField=title&sortDirection=asc${cursor ? `&cursor=${cursor}` : ""}`,
        {
          token: alice.token,
        },
      );
    const before = await listAll(live.server, "/tracks/available", alice.token, { sortField: "title", sortDirection: "asc" });
    const first = await read();
    const seen = first.body.items.map((item) => item.id);
    // A new track sorting first (already passed) and the deletion of one not yet shown.
    const added = await uploadTiny(live.server, alice, { title: "Aaa new" });
    const victim = before.at(-1) as string;
    await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [victim] } });
    let cursor = first.body.metadata.nextCursor;
    while (cursor) {
      const page = await read(cursor);
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.metadata.nextCursor;
    }
    expect(seen).toEqual(before.filter((id) => id !== victim));
    expect(seen).not.toContain(added);
    await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [added] } });
  });
});

describe("default order (SPEC §9: Newest First)", () => {
  const newestFirst = { sortField: "createdAt", sortDirection: "desc" };

  test("every list without sort parameters is newest first", async () => {
    // Two of alice's tracks shared with bob, so his shared list has an order to get wrong.
    for (const id of [aliceTracks.publicA, aliceTracks.publicC])
      await call(live.server, "POST", `/track/${id}/share`, { token: alice.token, body: { userIds: [bob.user.id] } });
    const lists: [string, string | undefined][] = [
      ["/tracks", alice.token],
      ["/tracks/public", undefined],
      ["/tracks/shared", bob.token],
      ["/tracks/available", bob.token],
    ];
    for (const [path, token] of lists) {
      const newest = await listAll(live.server, path, token, newestFirst);
      expect(newest.length).toBeGreaterThan(1);
      expect(await listAll(live.server, path, token)).toEqual(newest);
    }
  });

  test("a sort field without a direction: createdAt newest first, the others ascending", async () => {
    const orderOf = (query: Record<string, string>) => listAll(live.server, "/tracks/public", undefined, query);
    expect(await orderOf({ sortField: "createdAt" })).toEqual(await orderOf(newestFirst));
    for (const sortField of ["title", "duration", "primaryArtistName"])
      expect(await orderOf({ sortField })).toEqual(await orderOf({ sortField, sortDirection: "asc" }));
  });

  test("the deleted list defaults to title ascending, and a sort field alone to ascending", async () => {
    const victims = [
      await uploadTiny(live.server, alice, { title: "Zed" }),
      await uploadTiny(live.server, alice, { title: "Ant" }),
    ];
    await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: victims } });
    const orderOf = (query: Record<string, string>) => listAll(live.server, "/tracks/deleted", admin.token, query);
    const byTitle = await orderOf({ sortField: "title", sortDirection: "asc" });
    expect(byTitle).toEqual(expect.arrayContaining(victims));
    // Ant before Zed ascending: the two directions differ, so a wrong default shows.
    expect(byTitle.indexOf(victims[1] as string)).toBeLessThan(byTitle.indexOf(victims[0] as string));
    expect(await orderOf({})).toEqual(byTitle);
    expect(await orderOf({ sortField: "duration" })).toEqual(await orderOf({ sortField: "duration", sortDirection: "asc" }));
  });
});

describe("batch delete", () => {
  test("deletes only the caller's own tracks; foreign and unknown ids are left alone", async () => {
    const res = await call<{ deletedIds: string[] }>(live.server, "DELETE", "/tracks", {
      token: alice.token,
      body: { trackIds: [aliceTracks.publicC, bobPublic, "no-such-id"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.deletedIds).toEqual([aliceTracks.publicC]);
    expect(await listAll(live.server, "/tracks/public", undefined)).toContain(bobPublic);
    for (const path of ["/tracks", "/tracks/available"])
      expect(await listAll(live.server, path, alice.token)).not.toContain(aliceTracks.publicC);
    expect(await listAll(live.server, "/tracks/public", undefined)).not.toContain(aliceTracks.publicC);
    // Already pending deletion: nothing more to do.
    const again = await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [aliceTracks.publicC] } });
    expect(again.body).toEqual({ deletedIds: [] });
  });

  test("the admin list shows pending deletions with deletedAt, and the count follows", async () => {
    const countBefore = await call<{ count: number }>(live.server, "GET", "/tracks/deleted/count?status=PENDING_DELETION", {
      token: admin.token,
    });
    await call(live.server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [aliceTracks.publicB] } });
    const countAfter = await call<{ count: number }>(live.server, "GET", "/tracks/deleted/count?status=PENDING_DELETION", {
      token: admin.token,
    });
    expect(countAfter.body.count).toBe(countBefore.body.count + 1);
    const list = await call<{ items: { id: string; status: string; deletedAt: string | null }[] }>(
      live.server,
      "GET",
      "/tracks/deleted?status=PENDING_DELETION",
      { token: admin.token },
    );
    const entry = list.body.items.find((item) => item.id === aliceTracks.publicB);
    expect(entry?.status).toBe("PENDING_DELETION");
    expect(entry?.deletedAt).toBeTruthy();
    const none = await call<{ items: unknown[] }>(live.server, "GET", "/tracks/deleted?status=DELETED", { token: admin.token });
    expect(none.body.items).toEqual([]);
  });

  test("an admin may delete any user's track (moderation)", async () => {
    const res = await call<{ deletedIds: string[] }>(live.server, "DELETE", "/tracks", {
      token: admin.token,
      body: { trackIds: [bobPublic] },
    });
    expect(res.body.deletedIds).toEqual([bobPublic]);
  });
});
