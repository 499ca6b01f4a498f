import { describe, expect, test } from "bun:test";
import { PAGE_WAVEFORM_PAIRS } from "../../src/shared/waveform";
import { call, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { replaceStored, stagedFiles, storedKeys } from "../../tests/support/stored-files";
import { upload, waitProcessed } from "../../tests/support/uploads";
import type { StorageQuota } from "../storage/model";

/** The Track JSON carries the page-sized waveform: [min, max] pairs, flattened. */
const TRACK_JSON_WAVEFORM_VALUES = PAGE_WAVEFORM_PAIRS * 2;

type Quota = StorageQuota;

describe("storage quota", () => {
  const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "10" } });

  test("20 concurrent uploads at the limit: exactly as many as fit are kept, the rest refused, never over quota", async () => {
    // alsa-Front_Center.wav decodes to 1.4285 s: seven fit in 10 s, the eighth would not.
    const server = live.server;
    const session = await signUp(server);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => upload(server, session, { original: "real-audio/alsa-Front_Center.wav" })),
    );
    const kept = replies.filter((res) => res.status === 201);
    const refused = replies.filter((res) => res.status !== 201);
    expect(kept).toHaveLength(7);
    for (const res of refused) {
      expect(res.status).toBe(413);
      // What is needed rounds up and what is left down, so the two never read the same.
      expect(res.body.message).toBe("This upload needs 2s of storage but only 0s of your 10s quota is left");
    }
    const quota = (await call<Quota>(server, "GET", "/storage/quota", { token: session.token })).body;
    expect(quota).toMatchObject({ totalQuotaSeconds: 10, freeQuotaSeconds: 10, paidQuotaSeconds: 0, isOverQuota: false });
    expect(quota.currentUsedQuotaSeconds).toBeCloseTo(7 * 1.4285, 2);
    // Exactly one upload crossed 80 %: it carried the warning, which is also stored as a notification.
    const warned = kept.filter((res) => res.body.notification);
    expect(warned).toHaveLength(1);
    expect(warned[0]?.body.notification).toEqual({
      title: "Storage almost full",
      message: "You have used 86% of your storage quota (9s of 10s).",
      type: "storage-quota-warning",
      link: "/manage-storage",
    });
    const notifications = await call<{ items: Array<{ type: string }> }>(server, "GET", "/notifications", {
      token: session.token,
    });
    expect(notifications.body.items.map((n) => n.type)).toEqual(["storage-quota-warning"]);
    // Refused uploads left no files: only the kept tracks' folders exist.
    const trackFolders = new Set((await storedKeys(server, "tracks/")).map((key) => key.split("/")[1]));
    expect(trackFolders.size).toBe(7);
  }, 60_000);

  test("GET /storage/quota needs a token", async () => {
    expect((await call(live.server, "GET", "/storage/quota")).status).toBe(401);
  });
});

describe("crash recovery", () => {
  // On a cluster a killed worker's job moves to another once its lease is over: a short one keeps the wait short.
  const live = setUpServer({ env: { JOB_LEASE_SECONDS: "5" } });

  test("kill -9 while processing: after restart every acknowledged upload ends processed or failed, nothing orphaned", async () => {
    const first = live.server;
    const session = await signUp(first);
    // A track whose stems are encoding side by side when the crash comes; its job
    // keeps the cores busy, so the album tracks below are still waiting for theirs.
    const stemsPath = (name: string) => `stems/Nova Drift - Undertow - ${name}.wav`;
    const withStems = await upload(first, session, {
      original: "stems/Nova Drift - Undertow (full mix).wav",
      stems: ["bass", "drums", "synth", "vocals"].map((name) => ({ path: stemsPath(name), name, type: name })),
    });
    expect(withStems.status).toBe(201);
    const ids: string[] = [];
    for (const name of [
      "05 - Nova Drift - Rust & Rain.wav",
      "04 - Nova Drift - Café Solstice.wav",
      "02 - Nova Drift - Glass Harbour.wav",
    ]) {
      // The last one carries a stem, so what the crash loses takes a stem along too.
      const stems = name.startsWith("02") ? [{ path: `album/${name}`, name: "bass", type: "bass" }] : [];
      const res = await upload(first, session, { original: `album/${name}`, coverArt: "album/back.jpg", stems });
      expect(res.status).toBe(201);
      ids.push(res.body.track.id);
    }
    await first.kill();
    // A crash can also lose a file the row points at; that track must end FAILED with a reason, not hang.
    for (const key of await storedKeys(first, `tracks/${ids[2]}/`)) await replaceStored(first, key, null);

    const second = await live.restartServer();
    const done = await Promise.all(ids.map((id) => waitProcessed(second, session, id)));
    expect(done.map((track) => track.processingStatus)).toEqual(["READY", "READY", "FAILED"]);
    const lost = "The upload was interrupted before its audio was saved. Please upload it again.";
    expect(done[2]?.processingError).toBe(lost);
    // Its stem ends with it, not PENDING for ever.
    expect(done[2]?.stems.map((stem) => [stem.processingStatus, stem.processingError])).toEqual([["FAILED", lost]]);
    for (const track of done.slice(0, 2)) {
      expect(track.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
      expect(track.fullTrackMp3Url).toBe(`/api/track/${track.id}/full.mp3`);
      expect(track.coverArt).toBe(`/api/track/${track.id}/cover`);
    }
    const stemmed = await waitProcessed(second, session, withStems.body.track.id);
    expect(stemmed.processingStatus).toBe("READY");
    for (const stem of stemmed.stems) {
      expect(stem.processingStatus).toBe("READY");
      expect(stem.waveformData).toHaveLength(TRACK_JSON_WAVEFORM_VALUES);
      expect(stem.mp3Url).toBe(`/api/track/${stemmed.id}/stem/${stem.id}.mp3`);
    }
    const files = await storedKeys(second);
    expect(files.filter((name) => name.startsWith(".partial/") || name.endsWith("cover-source"))).toEqual([]);
    expect(stagedFiles(second)).toEqual([]);
  }, 90_000);
});
