/**
 * Issue 37: the studio on one's own original. Its owner adds a forgotten stem, renames one and removes one
 * without a re-upload: plays, comments and forks stay; the full track stays the uploaded master (never
 * regenerated, never replaced); the quota moves by the stem's seconds; a fork keeps its copy of a removed stem.
 * Everyone else may change nothing.
 */
import { describe, expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { MAX_STEMS, TOO_MANY_STEMS } from "../../src/shared/upload-rules";
import { call, type Session } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import {
  addStem,
  editStem,
  removeStem,
  replaceAudio,
  STEMS,
  setUpStudio,
  stemPath,
  studioForm,
  waitReady,
} from "../../tests/support/studio";

// The owner's 180 s original (mix + bass + drums) and one more 60 s stem fit in 250 s; a second one does not.
const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "250" } });
const { cast } = setUpStudio(live);

const read = async (id: string, session: Session | null = cast.owner) =>
  (await call<TrackJson>(live.server, "GET", `/track/${id}`, { token: session?.token })).body;
const used = async () =>
  (await call<{ currentUsedQuotaSeconds: number }>(live.server, "GET", "/storage/quota", { token: cast.owner.token })).body
    .currentUsedQuotaSeconds;
const bytesOf = async (path: string, session: Session) => {
  const res = await fetch(`${live.server.url}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  return res.ok ? new Uint8Array(await res.arrayBuffer()) : res.status;
};
const asOwner = {
  addStem: (form: FormData) => addStem(live.server, cast.owner, cast.original.id, form),
  editStem: (stemId: string, form: FormData) => editStem(live.server, cast.owner, cast.original.id, stemId, form),
  removeStem: (stemId: string) => removeStem(live.server, cast.owner, cast.original.id, stemId),
};
/** What a stem change on an original never touches: the master's audio and what listeners left on it. */
const untouched = (track: TrackJson) => ({
  originalUrl: track.originalUrl,
  fullTrackMp3Url: track.fullTrackMp3Url,
  waveformData: track.waveformData,
  duration: track.duration,
  totalPlays: track.totalPlays,
  forkCount: track.forkCount,
});

describe("who may change an original", () => {
  test("a stranger and a user it is shared with get the 404 of a track they may not change; a visitor 401", async () => {
    await call(live.server, "POST", `/track/${cast.original.id}/share`, {
      token: cast.owner.token,
      body: { userIds: [cast.other.user.id] },
    });
    const stemId = cast.original.stems[0]?.id as string;
    const id = cast.original.id;
    const routes = {
      "POST stem": (s: Session | null) =>
        addStem(live.server, s, id, studioForm("stemFile", stemPath("synth"), { name: "Synth" })),
      "PATCH stem": (s: Session | null) => editStem(live.server, s, id, stemId, studioForm("stemFile", undefined, { name: "X" })),
      "DELETE stem": (s: Session | null) => removeStem(live.server, s, id, stemId),
      "PATCH audio": (s: Session | null) => replaceAudio(live.server, s, id, studioForm("original", `${STEMS} (full mix).wav`)),
    };
    for (const [route, send] of Object.entries(routes)) {
      expect((await send(null)).status, `${route} visitor`).toBe(401);
      for (const [who, session] of [
        ["stranger", cast.forker],
        ["shared with", cast.other],
        ["admin", cast.admin],
      ] as const) {
        const res = await send(session);
        expect([res.status, res.body.message], `${route} ${who}`).toEqual([404, "Track not found"]);
      }
    }
    expect((await read(id)).stems.map((s) => s.name)).toEqual(["bass", "drums"]);
  }, 60_000);

  test("its owner may not replace the full track nor a stem's audio: a 403 that says why, and nothing changes", async () => {
    const before = await read(cast.original.id);
    const stemId = before.stems[0]?.id as string;
    const audio = await replaceAudio(
      live.server,
      cast.owner,
      cast.original.id,
      studioForm("original", `${STEMS} (full mix).wav`),
    );
    expect([audio.status, audio.body.message]).toEqual([
      403,
      "An original keeps the audio it was uploaded with: its audio can be replaced only on a fork",
    ]);
    const stemAudio = await asOwner.editStem(stemId, studioForm("stemFile", stemPath("vocals"), { name: "Vox" }));
    expect([stemAudio.status, stemAudio.body.message]).toEqual([
      403,
      "A stem of an original keeps the audio it was uploaded with: remove it and add the new file as a stem",
    ]);
    expect(await read(cast.original.id)).toEqual(before);
  }, 60_000);
});

describe("the owner's changes", () => {
  test("a forgotten stem is added and charged; the full track, plays, comments and forks stay; one more does not fit", async () => {
    const listener = cast.other;
    const play = { eventType: "PLAY", playbackSource: "STREAM", duration: 5 };
    expect(
      (await call(live.server, "POST", `/track/${cast.original.id}/usage`, { token: listener.token, body: play })).status,
    ).toBe(200);
    const comment = await call<{ id: string }>(live.server, "POST", `/track/${cast.original.id}/comments`, {
      token: listener.token,
      body: { body: "Love the bass", atSeconds: 3 },
    });
    expect(comment.status).toBe(201);
    const before = await read(cast.original.id);
    expect(before.totalPlays).toBe(1);
    const mp3Before = await bytesOf(`/api/track/${cast.original.id}/full.mp3`, cast.owner);
    const usedBefore = await used();

    const res = await asOwner.addStem(studioForm("stemFile", stemPath("synth"), { name: "Synth", type: "synth" }));
    expect(res.status).toBe(201);
    const after = await waitReady(live.server, cast.owner, cast.original.id);
    expect(after.stems.map((s) => [s.name, s.type])).toEqual([
      ["bass", "other"],
      ["drums", "other"],
      ["Synth", "synth"],
    ]);
    const added = after.stems.find((s) => s.id === res.body.id);
    expect(added?.duration).toBe(60);
    expect(await bytesOf(`${added?.mp3Url}`, cast.owner)).toBeInstanceOf(Uint8Array);
    expect(untouched(after)).toEqual(untouched(before));
    expect(await bytesOf(`/api/track/${cast.original.id}/full.mp3`, cast.owner)).toEqual(mp3Before);
    expect(await used()).toBeCloseTo(usedBefore + 60, 3);
    const comments = await call<{ items: Array<{ id: string }> }>(live.server, "GET", `/track/${cast.original.id}/comments`);
    expect(comments.body.items.map((c) => c.id)).toContain(comment.body.id);

    const refused = await asOwner.addStem(studioForm("stemFile", stemPath("vocals"), { name: "Vocals" }));
    expect([refused.status, refused.body.message]).toEqual([
      413,
      "This stem needs 1m 0s of storage but only 10s of your 4m 10s quota is left",
    ]);
    expect((await read(cast.original.id)).stems).toHaveLength(3);
  }, 90_000);

  test("a stem renamed and retyped shows on the visitor's JSON and page and in search at once", async () => {
    const stemId = (await read(cast.original.id)).stems[0]?.id as string;
    const res = await asOwner.editStem(stemId, studioForm("stemFile", undefined, { name: "Low End", type: "bass" }));
    expect(res.status).toBe(200);
    expect((await read(cast.original.id, null)).stems[0]).toMatchObject({ id: stemId, name: "Low End", type: "bass" });
    expect(await (await fetch(`${live.server.url}/track/${cast.original.id}`)).text()).toContain("Low End");
    const found = await call(live.server, "GET", "/search?q=low%20end&type=stems");
    expect(JSON.stringify(found.body)).toContain(cast.original.id);
    // The fork's copy keeps its own name.
    expect((await read(cast.forkId, cast.forker)).stems.map((s) => s.name)).toEqual(["bass", "drums"]);
  }, 60_000);

  test("a stem the fork shares is removed and refunded at once; the fork keeps its copy and the master stays", async () => {
    const before = await read(cast.original.id);
    const drums = before.stems.find((s) => s.name === "drums");
    const forkDrums = (await read(cast.forkId, cast.forker)).stems.find((s) => s.name === "drums");
    const forkDrumsBytes = await bytesOf(`${forkDrums?.mp3Url}`, cast.forker);
    expect(forkDrumsBytes).toBeInstanceOf(Uint8Array);
    const usedBefore = await used();

    const res = await asOwner.removeStem(drums?.id as string);
    expect(res.status).toBe(200);
    const after = await read(cast.original.id);
    // Nothing to regenerate: READY at once, with the audio as uploaded.
    expect(after.processingStatus).toBe("READY");
    expect(after.stems.map((s) => s.name)).toEqual(["Low End", "Synth"]);
    expect(untouched(after)).toEqual(untouched(before));
    expect(await used()).toBeCloseTo(usedBefore - 60, 3);
    expect(await bytesOf(`${drums?.mp3Url}`, cast.owner)).toBe(404);
    expect(await bytesOf(`${forkDrums?.mp3Url}`, cast.forker)).toEqual(forkDrumsBytes);
    expect((await read(cast.forkId, cast.forker)).stems.map((s) => s.name)).toEqual(["bass", "drums"]);
  }, 60_000);

  test(`at most ${MAX_STEMS} stems; an original may lose every stem, its full track staying`, async () => {
    const track = await read(cast.original.id);
    const model = track.stems[0]?.id as string;
    for (let index = track.stems.length; index < MAX_STEMS; index++) {
      await runSql(
        live.server,
        `insert into stems (id, track_id, name, type, "index", original_format, file_key, mp3_key, size_bytes,
           mp3_size_bytes, duration, waveform_data, processing_status, created_at)
         select ?, track_id, ?, type, ?, original_format, file_key, mp3_key, size_bytes, mp3_size_bytes, duration,
           waveform_data, processing_status, created_at from stems where id = ?`,
        crypto.randomUUID(),
        `Extra ${index}`,
        index + 10,
        model,
      );
    }
    const full = await asOwner.addStem(studioForm("stemFile", stemPath("vocals"), { name: "Vocals" }));
    expect([full.status, full.body.message]).toEqual([400, TOO_MANY_STEMS]);

    for (const stem of (await read(cast.original.id)).stems)
      expect((await asOwner.removeStem(stem.id as string)).status).toBe(200);
    const bare = await read(cast.original.id);
    expect(bare.stems).toEqual([]);
    expect(untouched(bare)).toEqual(untouched(track));
    expect((await read(cast.forkId, cast.forker)).stems).toHaveLength(2);
  }, 90_000);
});
