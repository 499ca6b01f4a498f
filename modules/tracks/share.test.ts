import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { listAll } from "../../tests/support/lists";
import { uploadTiny } from "../../tests/support/uploads";

/** Edge cases of POST and DELETE /api/track/{id}/share {userIds} (SPEC §7), beside track-access.test.ts. */
const live = setUpServer();
let owner: Session;
let friend: Session;
let another: Session;
let stranger: Session;
beforeAll(async () => {
  await signUp(live.server); // The first account is the admin, who may manage any track; the others are plain users.
  [owner, friend, another, stranger] = await Promise.all([
    signUp(live.server),
    signUp(live.server),
    signUp(live.server),
    signUp(live.server),
  ]);
}, 30_000);

type Shares = { sharedWith: { userId: string; user: { email: string } }[] };
const entry = (session: Session) => ({ userId: session.user.id, user: { email: session.user.email } });
const share = (id: string, as: Session, userIds: unknown) =>
  call<Shares & { message: string }>(live.server, "POST", `/track/${id}/share`, { token: as.token, body: { userIds } });
const unshare = (id: string, as: Session, userIds: unknown) =>
  call<Shares & { message: string }>(live.server, "DELETE", `/track/${id}/share`, { token: as.token, body: { userIds } });
const storedShares = async (id: string) =>
  (await call<Shares>(live.server, "GET", `/track/${id}`, { token: owner.token })).body.sharedWith;
const privateTrack = () => uploadTiny(live.server, owner, { isPublic: false });

describe("sharing a track", () => {
  test("sharing with yourself changes nothing: the owner never appears in their own list", async () => {
    const id = await privateTrack();
    const res = await share(id, owner, [owner.user.id]);
    expect(res.status).toBe(200);
    expect(res.body.sharedWith).toEqual([]);
    expect(await storedShares(id)).toEqual([]);
  });

  test("sharing twice, or the same id twice in one call, keeps one entry", async () => {
    const id = await privateTrack();
    expect((await share(id, owner, [friend.user.id, friend.user.id])).body.sharedWith).toEqual([entry(friend)]);
    const again = await share(id, owner, [friend.user.id]);
    expect(again.status).toBe(200);
    expect(again.body.sharedWith).toEqual([entry(friend)]);
  });

  test("the list keeps the order people were added in", async () => {
    const id = await privateTrack();
    await share(id, owner, [another.user.id]);
    await share(id, owner, [friend.user.id]);
    expect(await storedShares(id)).toEqual([entry(another), entry(friend)]);
  });

  test("an unknown user id is a 400 and nothing is shared, not even the known ids beside it", async () => {
    const id = await privateTrack();
    const res = await share(id, owner, [friend.user.id, "no-such-user"]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Only known users can be shared with");
    expect(await storedShares(id)).toEqual([]);
    expect((await call(live.server, "GET", `/track/${id}`, { token: friend.token })).status).toBe(404);
  });

  test("a body without a list of ids is a 400 with a message", async () => {
    const id = await privateTrack();
    for (const userIds of [undefined, "not-a-list"]) {
      const res = await share(id, owner, userIds);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("userIds must be a list of user ids");
    }
    const notStrings = await share(id, owner, [1, 2]);
    expect(notStrings.status).toBe(400);
    expect(notStrings.body.message).toBe("userIds.0: Expected string");
  });
});

describe("the people it is shared with are told", () => {
  type Notifications = { items: { title: string; message: string; type: string }[] };
  const notificationsOf = async (session: Session) =>
    (await call<Notifications>(live.server, "GET", "/notifications", { token: session.token })).body.items;

  test("each newly added user gets one notification; sharing again tells only the new ones, never the owner", async () => {
    const [first, second, third] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
    const id = await uploadTiny(live.server, owner, { title: 'Night "Bus"', isPublic: false });
    const told = {
      title: "Track shared with you",
      message: `${owner.user.username} shared "Night "Bus"" with you.`,
      type: "info",
    };
    await share(id, owner, [first.user.id, second.user.id, owner.user.id]);
    expect(await notificationsOf(first)).toEqual([expect.objectContaining(told)]);
    expect(await notificationsOf(second)).toEqual([expect.objectContaining(told)]);

    await share(id, owner, [first.user.id, second.user.id, third.user.id]);
    expect(await notificationsOf(first)).toHaveLength(1);
    expect(await notificationsOf(second)).toHaveLength(1);
    expect(await notificationsOf(third)).toEqual([expect.objectContaining(told)]);
    expect(await notificationsOf(owner)).toEqual([]);
  });

  test("a refused share (an unknown id among them) tells nobody", async () => {
    const recipient = await signUp(live.server);
    const id = await privateTrack();
    expect((await share(id, owner, [recipient.user.id, "no-such-user"])).status).toBe(400);
    expect(await notificationsOf(recipient)).toEqual([]);
  });
});

describe("unsharing", () => {
  test("removing someone it is not shared with (or an unknown id) changes nothing", async () => {
    const id = await privateTrack();
    await share(id, owner, [friend.user.id]);
    const res = await unshare(id, owner, [another.user.id, "no-such-user"]);
    expect(res.status).toBe(200);
    expect(res.body.sharedWith).toEqual([entry(friend)]);
  });

  test("removing one person leaves the others, and takes the track off their Shared With Me list", async () => {
    const id = await privateTrack();
    await share(id, owner, [friend.user.id, another.user.id]);
    expect(await listAll(live.server, "/tracks/shared", friend.token)).toContain(id);
    expect((await unshare(id, owner, [friend.user.id])).body.sharedWith).toEqual([entry(another)]);
    expect(await listAll(live.server, "/tracks/shared", friend.token)).not.toContain(id);
    expect((await call(live.server, "GET", `/track/${id}`, { token: friend.token })).status).toBe(404);
    expect((await call(live.server, "GET", `/track/${id}`, { token: another.token })).status).toBe(200);
  });
});

describe("only the owner manages sharing", () => {
  test("a stranger, or someone it is shared with, gets 404 for both calls and changes nothing", async () => {
    const id = await privateTrack();
    await share(id, owner, [friend.user.id]);
    for (const outsider of [stranger, friend]) {
      const added = await share(id, outsider, [another.user.id]);
      expect(added.status).toBe(404);
      expect(added.body.message).toBe("Track not found");
      const removed = await unshare(id, outsider, [friend.user.id]);
      expect(removed.status).toBe(404);
    }
    expect(await storedShares(id)).toEqual([entry(friend)]);
  });

  test("a public track's share list is not shown to others either; no token is a 401; an unknown track 404", async () => {
    const id = await uploadTiny(live.server, owner, { isPublic: true });
    await share(id, owner, [friend.user.id]);
    for (const viewer of [stranger, friend])
      expect((await call<Shares>(live.server, "GET", `/track/${id}`, { token: viewer.token })).body.sharedWith).toEqual([]);
    expect((await call<Shares>(live.server, "GET", `/track/${id}`)).body.sharedWith).toEqual([]);
    const anonymous = await call(live.server, "POST", `/track/${id}/share`, { body: { userIds: [stranger.user.id] } });
    expect(anonymous.status).toBe(401);
    expect((await share("no-such-track", owner, [friend.user.id])).status).toBe(404);
  });
});
