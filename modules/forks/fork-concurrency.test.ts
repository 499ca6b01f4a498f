/**
 * Forks charged at the quota limit, all at once: the charge and the fork counter hold whatever the
 * timing (the check runs under the forker's lock, the counter is one `fork_count + 1` statement).
 * A plain fork costs nothing, so the charged ones are made "with this mix" (their rendered full track costs its
 * seconds); plain forks still go through at the limit.
 */
import { expect, test } from "bun:test";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";

// alsa-Front_Center.wav decodes to 1.4285 s: seven forks of it with a mix fit in 10 s, the eighth would not.
const CLIP = "real-audio/alsa-Front_Center.wav";
const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "10" } });

test("20 concurrent forks with a mix at the limit: as many as fit are kept, the rest get the 413, forkCount counts the kept", async () => {
  const server = live.server;
  const [owner, forker] = [await signUp(server), await signUp(server)];
  const id = await createTrack(server, owner.token, { original: CLIP, stems: [{ path: CLIP, name: "Voice", type: "vocals" }] });
  const track = await waitForProcessing(server, owner.token, id);
  const mix = [{ stemId: track.stems[0]?.id, gainDb: -3, pan: 0, muted: false }];
  const forkOf = (title: string, withMix: boolean) =>
    call<{ id: string; message?: string }>(server, "POST", `/track/${id}/fork`, {
      token: forker.token,
      body: { title, ...(withMix && { mix }) },
    });
  const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => forkOf(`Fork ${n}`, true)));
  const kept = replies.filter((res) => res.status === 201);
  expect(kept).toHaveLength(7);
  for (const res of replies.filter((reply) => reply.status !== 201)) {
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("This fork needs 2s of storage but only 0s of your 10s quota is left");
  }
  const quota = async () =>
    (
      await call<{ currentUsedQuotaSeconds: number; isOverQuota: boolean }>(server, "GET", "/storage/quota", {
        token: forker.token,
      })
    ).body;
  expect((await quota()).isOverQuota).toBe(false);
  expect((await quota()).currentUsedQuotaSeconds).toBeCloseTo(7 * 1.4285, 2);
  // At the limit, a plain fork still fits: it shares every file.
  const plain = await forkOf("Plain", false);
  expect(plain.status).toBe(201);
  expect((await quota()).currentUsedQuotaSeconds).toBeCloseTo(7 * 1.4285, 2);
  expect((await call<TrackJson>(server, "GET", `/track/${id}`)).body.forkCount).toBe(8);
  const forks = await call<{ forks: Array<{ id: string }> }>(server, "GET", `/track/${id}/forks`, { token: forker.token });
  expect(forks.body.forks.map((fork) => fork.id).sort()).toEqual([...kept, plain].map((res) => res.body.id).sort());
}, 120_000);
