/**
 * POST /api/track/{id}/restore: an admin brings a track back from PENDING_DELETION. Only admins; only pending
 * tracks of accounts that still exist; the owner is told, and the track is theirs again everywhere (page, lists,
 * quota). Past the grace period it is refused: modules/track-files/purge.test.ts.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackPage } from "../lists/model";
import type { NotificationPage } from "../notifications/model";
import type { StorageQuota } from "../storage/model";
import type { TrackDetails } from "./model";

const live = setUpServer();
let admin: Session;
let alice: Session;
let bob: Session;

const restore = (id: string, session: Session | null) =>
  call<TrackDetails & { message: string }>(live.server, "POST", `/track/${id}/restore`, { token: session?.token });
const usedSeconds = async (session: Session) =>
  (await call<StorageQuota>(live.server, "GET", "/storage/quota", { token: session.token })).body.currentUsedQuotaSeconds;

async function deletedTrack(owner: Session, title: string): Promise<string> {
  const id = await uploadTiny(live.server, owner, { title });
  await waitForProcessing(live.server, owner.token, id);
  const deleted = await call<{ deletedIds: string[] }>(live.server, "DELETE", "/tracks", {
    token: owner.token,
    body: { trackIds: [id] },
  });
  expect(deleted.body.deletedIds).toEqual([id]);
  return id;
}

beforeAll(async () => {
  admin = await signUp(live.server);
  alice = await signUp(live.server);
  bob = await signUp(live.server);
}, 60_000);

describe("who may restore", () => {
  test("a visitor must sign in; the owner and other users are not admins", async () => {
    const id = await deletedTrack(alice, "Not yours to restore");
    expect((await restore(id, null)).status).toBe(401);
    for (const session of [alice, bob]) {
      const refused = await restore(id, session);
      expect([refused.status, refused.body.message]).toEqual([403, "Admin access required"]);
    }
    expect((await call(live.server, "GET", `/track/${id}`, { token: alice.token })).status).toBe(404);
  });
});

describe("restoring", () => {
  test("the track is active again, counts against its owner's quota, and its owner is told with a link", async () => {
    const id = await deletedTrack(alice, "Undertow");
    const usedWhileDeleted = await usedSeconds(alice);
    const restored = await restore(id, admin);
    expect(restored.status).toBe(200);
    expect([restored.body.status, restored.body.deletedAt, restored.body.title]).toEqual(["ACTIVE", null, "Undertow"]);

    expect((await call(live.server, "GET", `/track/${id}`, { token: alice.token })).status).toBe(200);
    expect((await call(live.server, "GET", `/track/${id}`)).status).toBe(200);
    const mine = await call<TrackPage>(live.server, "GET", "/tracks", { token: alice.token });
    expect(mine.body.items.map((item) => item.id)).toContain(id);
    const pending = await call<TrackPage>(live.server, "GET", "/tracks/deleted?status=PENDING_DELETION", {
      token: admin.token,
    });
    expect(pending.body.items.map((item) => item.id)).not.toContain(id);
    expect(await usedSeconds(alice)).toBeGreaterThan(usedWhileDeleted);

    const told = await call<NotificationPage>(live.server, "GET", "/notifications?limit=1", { token: alice.token });
    expect(told.body.items[0]).toMatchObject({
      title: "Your track was restored",
      message: 'An administrator restored "Undertow".',
      link: `/track/${id}`,
    });
  });

  test("an active track, an unknown id and an account deleted meanwhile are refused with a message", async () => {
    const id = await deletedTrack(alice, "Twice");
    expect((await restore(id, admin)).status).toBe(200);
    const again = await restore(id, admin);
    expect([again.status, again.body.message]).toEqual([409, "This track is not deleted"]);

    const unknown = await restore("no-such-track", admin);
    expect([unknown.status, unknown.body.message]).toEqual([404, "Track not found"]);

    const leaver = await signUp(live.server);
    const left = await deletedTrack(leaver, "Left behind");
    const gone = await call(live.server, "DELETE", "/auth/me", { token: leaver.token, body: { password: leaver.password } });
    expect(gone.status).toBe(200);
    const orphan = await restore(left, admin);
    expect([orphan.status, orphan.body.message]).toEqual([409, "The owner's account is deleted: its tracks cannot be restored"]);
  });
});
