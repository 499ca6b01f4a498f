/**
 * Timed comments (GET/POST /api/track/{id}/comments, DELETE …/comments/{commentId}): as visible as the track, one
 * level of replies, deletion by the author, the track's owner or an admin, notifications of type `comment`, a rate
 * limit per user, plain text with bidi controls stripped, and gone with the track's purge or the author's account.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { countRows } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { createTrack, waitForProcessing } from "../../tests/support/uploads";
import type { NotificationPage } from "../notifications/model";
import type { Comment, CommentPage } from "./model";
import { COMMENTS_PER_MINUTE, TOO_MANY_COMMENTS } from "./service";

// alsa-Front_Center.wav lasts 1.4285 s.
const ORIGINAL = "real-audio/alsa-Front_Center.wav";
const live = setUpServer({ env: { DELETION_GRACE_SECONDS: "2" } });
let admin: Session;
let owner: Session;
let friend: Session;
let stranger: Session;
let open: string;
let secret: string;

const post = (token: string | undefined, trackId: string, body: unknown) =>
  call<Comment & { message: string }>(live.server, "POST", `/track/${trackId}/comments`, { token, body });
const list = (token: string | undefined, trackId: string, query = "") =>
  call<CommentPage & { message: string }>(live.server, "GET", `/track/${trackId}/comments${query}`, { token });
const remove = (token: string | undefined, trackId: string, commentId: string) =>
  call<{ deletedId: string; message?: string }>(live.server, "DELETE", `/track/${trackId}/comments/${commentId}`, { token });
async function newestNotification(session: Session) {
  return (await call<NotificationPage>(live.server, "GET", "/notifications?limit=1", { token: session.token })).body.items[0];
}

beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the ADMIN
  owner = await signUp(live.server);
  friend = await signUp(live.server);
  stranger = await signUp(live.server);
  open = await createTrack(live.server, owner.token, { original: ORIGINAL, data: { title: "Open Song", isPublic: true } });
  secret = await createTrack(live.server, owner.token, { original: ORIGINAL, data: { title: "Secret Song", isPublic: false } });
  await call(live.server, "POST", `/track/${secret}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
  await waitForProcessing(live.server, owner.token, open);
}, 60_000);

describe("posting", () => {
  test("a signed-in listener comments at a time in the track; anyone reads it", async () => {
    const made = await post(friend.token, open, { body: "  the snare at 1.2 is too loud  ", atSeconds: 1.2 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      trackId: open,
      parentId: null,
      body: "the snare at 1.2 is too loud",
      atSeconds: 1.2,
      author: { id: friend.user.id, username: friend.user.username },
    });
    const page = await list(undefined, open);
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => item.id)).toContain(made.body.id);
  });

  test("visitors cannot comment", async () => {
    const res = await post(undefined, open, { body: "hello" });
    expect([res.status, res.body.message]).toEqual([401, "Authentication required"]);
  });

  test("bad input is a 400 with a message and stores nothing", async () => {
    const before = await countRows(live.server, "comments", "track_id = ?", open);
    for (const [body, message] of [
      [{ body: "   " }, "A comment cannot be empty"],
      [{ body: "\u202e\u202d" }, "A comment cannot be empty"],
      [{ body: "x".repeat(2001) }, "A comment is text of at most 2000 characters"],
      [{ body: "late", atSeconds: 1.5 }, "atSeconds must be within the track"],
      [{ body: "early", atSeconds: -1 }, "atSeconds must be a number of seconds from 0"],
      [{ body: "odd", atSeconds: "soon" }, "atSeconds must be a number of seconds from 0"],
      [{ body: "orphan", parentId: "no-such-comment" }, "The comment replied to is not on this track"],
      [{}, "A comment is text of at most 2000 characters"],
    ] as const) {
      const res = await post(friend.token, open, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await countRows(live.server, "comments", "track_id = ?", open)).toBe(before);
  });

  test("markup is kept as text and bidi controls are stripped", async () => {
    const res = await post(friend.token, open, { body: '<img src=x onerror="alert(1)"> track\u202e3pm.wav' });
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('<img src=x onerror="alert(1)"> track3pm.wav');
  });

  test("2,000 characters is allowed", async () => {
    expect((await post(friend.token, open, { body: "y".repeat(2000) })).status).toBe(201);
  });
});

describe("who may see and write", () => {
  test("a private track's comments are as private as the track: 404 to strangers, visitors and on unknown tracks", async () => {
    const mine = await post(friend.token, secret, { body: "shared with me" });
    expect(mine.status).toBe(201);
    expect((await list(owner.token, secret)).body.items.map((item) => item.body)).toEqual(["shared with me"]);
    for (const token of [stranger.token, undefined]) {
      const read = await list(token, secret);
      expect([read.status, read.body.message]).toEqual([404, "Track not found"]);
    }
    const write = await post(stranger.token, secret, { body: "let me in" });
    expect([write.status, write.body.message]).toEqual([404, "Track not found"]);
    const gone = await remove(stranger.token, secret, mine.body.id);
    expect([gone.status, gone.body.message]).toEqual([404, "Track not found"]);
    expect((await list(undefined, "no-such-track")).status).toBe(404);
  });
});

describe("replies, order and paging", () => {
  test("newest first, each with its replies oldest first; a reply cannot be answered nor carry a time", async () => {
    const track = await createTrack(live.server, owner.token, { original: ORIGINAL, data: { title: "Thread", isPublic: true } });
    const first = (await post(friend.token, track, { body: "first", atSeconds: 0.5 })).body;
    const second = (await post(stranger.token, track, { body: "second" })).body;
    const replyA = await post(owner.token, track, { body: "reply a", parentId: first.id });
    const replyB = await post(stranger.token, track, { body: "reply b", parentId: first.id });
    expect([replyA.status, replyB.status]).toEqual([201, 201]);
    expect(replyA.body.parentId).toBe(first.id);

    const page = await list(undefined, track);
    expect(page.body.items.map((item) => [item.body, item.replies.map((reply) => reply.body), item.replyCount])).toEqual([
      ["second", [], 0],
      ["first", ["reply a", "reply b"], 2],
    ]);

    const nested = await post(friend.token, track, { body: "deeper", parentId: replyA.body.id });
    expect([nested.status, nested.body.message]).toEqual([400, "A reply cannot be replied to; reply to the comment it answers"]);
    const timed = await post(friend.token, track, { body: "at a time", parentId: first.id, atSeconds: 0.1 });
    expect([timed.status, timed.body.message]).toEqual([400, "A reply cannot have a time; the comment it answers has one"]);
    const elsewhere = await post(friend.token, open, { body: "wrong track", parentId: first.id });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, "The comment replied to is not on this track"]);

    const one = await list(undefined, track, "?limit=1");
    expect(one.body.items.map((item) => item.id)).toEqual([second.id]);
    const cursor = one.body.metadata.nextCursor as string;
    expect(cursor).toBe(second.id);
    const next = await list(undefined, track, `?limit=1&cursor=${cursor}`);
    expect(next.body.items.map((item) => item.id)).toEqual([first.id]);
    expect(next.body.metadata.nextCursor).toBeNull();
  });

  test("a bad cursor or limit is a 400", async () => {
    for (const [query, message] of [
      ["?cursor=nope", "Invalid cursor"],
      ["?limit=0", "limit must be a whole number from 1 to 100"],
      ["?limit=101", "limit must be a whole number from 1 to 100"],
      ["?limit=two", "limit must be a whole number from 1 to 100"],
    ] as const) {
      const res = await list(undefined, open, query);
      expect([res.status, res.body.message], query).toEqual([400, message]);
    }
  });
});

describe("notifications", () => {
  test("the owner is told of a comment and a comment's author of a reply, each linking to the comment", async () => {
    const comment = (await post(friend.token, open, { body: "nice bass", atSeconds: 0.3 })).body;
    expect(await newestNotification(owner)).toMatchObject({
      type: "comment",
      title: "New comment",
      message: `${friend.user.username} commented on "Open Song".`,
      link: `/track/${open}#comment-${comment.id}`,
    });
    const reply = (await post(stranger.token, open, { body: "agreed", parentId: comment.id })).body;
    expect(await newestNotification(friend)).toMatchObject({
      type: "comment",
      title: "New reply",
      message: `${stranger.user.username} replied to your comment on "Open Song".`,
      link: `/track/${open}#comment-${reply.id}`,
    });
    expect((await newestNotification(owner))?.link).toBe(`/track/${open}#comment-${reply.id}`);
  });

  test("nobody is told of their own comment", async () => {
    const before = await newestNotification(owner);
    await post(owner.token, open, { body: "thanks all" });
    expect(await newestNotification(owner)).toEqual(before);
  });
});

describe("deleting", () => {
  test("the author, the track's owner or an admin deletes; others who see the track get 403; replies go along", async () => {
    const byFriend = (await post(friend.token, open, { body: "delete me" })).body;
    const reply = (await post(stranger.token, open, { body: "a reply", parentId: byFriend.id })).body;
    const refused = await remove(stranger.token, open, byFriend.id);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      "Only the comment's author, the track's owner or an admin can delete it",
    ]);
    expect((await remove(undefined, open, byFriend.id)).status).toBe(401);
    const deleted = await remove(friend.token, open, byFriend.id);
    expect([deleted.status, deleted.body]).toEqual([200, { deletedId: byFriend.id }]);
    expect(await countRows(live.server, "comments", "id = ?", reply.id)).toBe(0);
    const again = await remove(friend.token, open, byFriend.id);
    expect([again.status, again.body.message]).toEqual([404, "Comment not found"]);

    const byStranger = (await post(stranger.token, open, { body: "owner removes this" })).body;
    expect((await remove(owner.token, open, byStranger.id)).status).toBe(200);
    const forAdmin = (await post(stranger.token, open, { body: "admin removes this" })).body;
    expect((await remove(admin.token, open, forAdmin.id)).status).toBe(200);
  });

  test("a comment asked for through another track is not found", async () => {
    const onSecret = (await post(friend.token, secret, { body: "on the secret one" })).body;
    const res = await remove(owner.token, open, onSecret.id);
    expect([res.status, res.body.message]).toEqual([404, "Comment not found"]);
  });
});

test("a flood is stopped per user: the comment past the limit in a minute is a 429 and is not stored", async () => {
  const flooder = await signUp(live.server);
  const statuses: number[] = [];
  for (let i = 0; i <= COMMENTS_PER_MINUTE; i++) statuses.push((await post(flooder.token, open, { body: `spam ${i}` })).status);
  // The limit's window may turn over once in the loop: then two more pass, never the whole flood.
  const refused = statuses.filter((status) => status === 429).length;
  expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(COMMENTS_PER_MINUTE);
  expect(refused).toBeGreaterThan(0);
  const res = await post(flooder.token, open, { body: "one more" });
  if (res.status === 429) expect(res.body.message).toBe(TOO_MANY_COMMENTS);
  expect(await countRows(live.server, "comments", "user_id = ?", flooder.user.id)).toBeLessThanOrEqual(
    statuses.filter((status) => status === 201).length + (res.status === 201 ? 1 : 0),
  );
  // Others are not held back by it.
  expect((await post(friend.token, open, { body: "still here" })).status).toBe(201);
}, 30_000);

test("a deleted track's comments are hidden at once and gone once it is purged", async () => {
  const track = await createTrack(live.server, owner.token, { original: ORIGINAL, data: { title: "Doomed", isPublic: true } });
  await waitForProcessing(live.server, owner.token, track);
  await post(friend.token, track, { body: "going, going" });
  await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [track] } });
  expect((await list(friend.token, track)).status).toBe(404);
  let left = 1;
  for (let attempt = 0; attempt < 100 && left > 0; attempt++) {
    await Bun.sleep(100);
    left = await countRows(live.server, "comments", "track_id = ?", track);
  }
  expect(left).toBe(0);
}, 30_000);

test("deleting an account deletes its comments and the replies to them", async () => {
  const leaving = await signUp(live.server);
  const theirs = (await post(leaving.token, open, { body: "I am leaving" })).body;
  await post(friend.token, open, { body: "bye", parentId: theirs.id });
  const deleted = await call(live.server, "DELETE", "/auth/me", { token: leaving.token, body: { password: leaving.password } });
  expect(deleted.status).toBe(200);
  expect(await countRows(live.server, "comments", "user_id = ?", leaving.user.id)).toBe(0);
  expect(await countRows(live.server, "comments", "parent_id = ?", theirs.id)).toBe(0);
});
