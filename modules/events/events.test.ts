/**
 * GET /api/events and POST /api/events/token on a real server: who may open a stream, what reaches it (a user's
 * notifications; the events of the tracks it watches, only when its user may see them), and what a reconnect
 * with Last-Event-ID gets.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac, randomBytes } from "node:crypto";
import { call, type Session, signUp } from "../../tests/support/api";
import { eventsToken, type OpenStream, openEventStream } from "../../tests/support/event-stream";
import { setUpServer } from "../../tests/support/lifecycle";
import { clusterOf } from "../../tests/support/server";
import { forkWithStems, removeStem } from "../../tests/support/studio";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { TrackDetails } from "../tracks/model";
import { MAX_STREAMS_PER_USER } from "./model";

const JWT_SECRET = randomBytes(48).toString("base64url");
const live = setUpServer({ env: { JWT_SECRET } });
let owner: Session;
let forker: Session;
let other: Session;
let publicId: string;
let otherPublicId: string;
const streams: OpenStream[] = [];

/** Signed as src/server/http/media-token.ts signs, with the server's secret: a token the server would have made. */
function signedToken(resource: string, userId: string, expiresAtSeconds: number, secret = JWT_SECRET): string {
  const key = createHmac("sha256", secret).update("stemma media tokens v1").digest();
  const payload = Buffer.from(JSON.stringify({ t: resource, u: userId, e: expiresAtSeconds })).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

async function open(query: Record<string, string>, headers: Record<string, string> = {}) {
  const stream = await openEventStream(live.server, query, headers);
  streams.push(stream);
  return stream;
}

const forkOf = async (trackId: string, session: Session) => {
  const res = await call<{ id: string }>(live.server, "POST", `/track/${trackId}/fork`, {
    token: session.token,
    body: { title: "A fork" },
  });
  expect(res.status).toBe(201);
};

const isForkNotice = (event: { event: string; data: unknown }) =>
  event.event === "notification" && (event.data as { title?: string }).title === "Your track was forked";

beforeAll(async () => {
  // The first account is the admin, who may see every track: none of the three below.
  await signUp(live.server);
  [owner, forker, other] = await Promise.all([signUp(live.server), signUp(live.server), signUp(live.server)]);
  [publicId, otherPublicId] = await Promise.all([
    uploadTiny(live.server, owner, { isPublic: true }),
    uploadTiny(live.server, other, { isPublic: true }),
  ]);
  await Promise.all([
    waitForProcessing(live.server, owner.token, publicId),
    waitForProcessing(live.server, other.token, otherPublicId),
  ]);
}, 120_000);

afterAll(() => {
  for (const stream of streams) stream.close();
});

describe("opening a stream", () => {
  test("an events token needs a session", async () => {
    const res = await call<{ message: string }>(live.server, "POST", "/events/token");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required");
    const granted = await call<{ token: string; expiresAt: string }>(live.server, "POST", "/events/token", {
      token: owner.token,
    });
    expect(granted.status).toBe(200);
    expect(Date.parse(granted.body.expiresAt)).toBeGreaterThan(Date.now());
  });

  test("without a valid events token the stream answers 401, the session itself included", async () => {
    const now = Math.floor(Date.now() / 1000);
    const media = await call<{ url: string }>(live.server, "POST", "/media/presign", {
      token: owner.token,
      body: { url: `/api/track/${publicId}/full.mp3` },
    });
    const mediaToken = new URL(media.body.url, live.server.url).searchParams.get("token") ?? "";
    expect(mediaToken).not.toBe("");
    const refused: Record<string, string>[] = [
      {},
      { token: "" },
      { token: "not-a-token" },
      { token: owner.token },
      { token: mediaToken },
      { token: signedToken("events", owner.user.id, now - 1) },
      { token: signedToken("events", owner.user.id, now + 600, "another secret") },
    ];
    for (const query of refused) {
      const stream = await open(query, { authorization: `Bearer ${owner.token}` });
      expect(stream.status).toBe(401);
    }
    const res = await fetch(`${live.server.url}/api/events?token=not-a-token`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      "A valid events token is required: ask POST /api/events/token for one",
    );
  });

  test("malformed tracks or Last-Event-ID answer 400 with a message", async () => {
    const token = await eventsToken(live.server, owner.token);
    for (const [query, headers, message] of [
      [{ token, tracks: "../../etc/passwd" }, {}, "tracks must be comma-separated track ids"],
      [{ token, tracks: Array.from({ length: 51 }, (_, i) => `t${i}`).join(",") }, {}, "tracks may name at most 50 tracks"],
      [{ token }, { "last-event-id": "yesterday" }, "Last-Event-ID must be the id of an event this server sent"],
      [{ token, lastEventId: "-1" }, {}, "Last-Event-ID must be the id of an event this server sent"],
    ] as const) {
      const res = await fetch(`${live.server.url}/api/events?${new URLSearchParams(query)}`, { headers });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  test("a valid token opens an unbuffered event stream", async () => {
    const token = await eventsToken(live.server, owner.token);
    // Asked of the instance itself: nginx, on a cluster, takes X-Accel-Buffering as its own instruction.
    const instance = clusterOf(live.server)?.apis[0] ?? live.server;
    const res = await fetch(`${instance.url}/api/events?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    await res.body?.cancel();
  });

  test("one user's streams on an instance are capped: past the cap, 429 with a message", async () => {
    const user = await signUp(live.server);
    const token = await eventsToken(live.server, user.token);
    // The cap is an instance's: on a cluster, one instance is asked directly, past the load balancer.
    const instance = clusterOf(live.server)?.apis[0] ?? live.server;
    const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => openEventStream(instance, { token })));
    streams.push(...held);
    expect(held.map((stream) => stream.status)).toEqual(held.map(() => 200));
    const res = await fetch(`${instance.url}/api/events?token=${token}`);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toBe(
      `At most ${MAX_STREAMS_PER_USER} event streams may be open at once: close a tab`,
    );
    for (const stream of held) stream.close();
  });
});

describe("what reaches a stream", () => {
  /** The id of the last event the owner's stream got: later streams replay from it, so nothing races them. */
  let mark: string;

  test("a new notification reaches its user's streams, each with an id, and no one else's", async () => {
    const [ownerStream, otherStream] = await Promise.all([
      open({ token: await eventsToken(live.server, owner.token) }),
      open({ token: await eventsToken(live.server, other.token) }),
    ]);
    await forkOf(publicId, forker);
    const notice = await ownerStream.next(isForkNotice);
    expect(notice.id).toMatch(/^\d+$/);
    expect(notice.data).toMatchObject({ type: "info", isRead: false, link: expect.stringMatching(/^\/track\//) });
    mark = notice.id as string;
    // The other user's stream is alive (its own notification arrives) and never got the owner's.
    await forkOf(otherPublicId, forker);
    await otherStream.next(isForkNotice);
    expect(otherStream.events.filter(isForkNotice)).toHaveLength(1);
    expect(ownerStream.events.filter(isForkNotice)).toHaveLength(1);
  });

  test("a private track's events reach its owner and never another user watching it", async () => {
    const privateId = await uploadTiny(live.server, owner, { isPublic: false });
    const [ownerStream, otherStream] = await Promise.all([
      open({ token: await eventsToken(live.server, owner.token), tracks: privateId, lastEventId: mark }),
      open({ token: await eventsToken(live.server, other.token), tracks: `${privateId},${otherPublicId}`, lastEventId: mark }),
    ]);
    const done = await ownerStream.next((event) => event.event === "processing");
    expect(done.data).toEqual({ trackId: privateId, stemId: null, status: "READY" });
    const about = (stream: OpenStream) =>
      stream.events.filter((event) => (event.data as { trackId?: string }).trackId === privateId);
    // Something the other user may have comes after it: by then the private track's event would have arrived.
    await forkOf(otherPublicId, forker);
    await otherStream.next((event) => isForkNotice(event) && Number(event.id) > Number(done.id));
    expect(about(otherStream)).toEqual([]);
    // Nor does a replay from before it give it to them.
    const replayed = await open({ token: await eventsToken(live.server, other.token), tracks: privateId, lastEventId: mark });
    await replayed.next((event) => isForkNotice(event) && Number(event.id) > Number(done.id));
    expect(about(replayed)).toEqual([]);
  });

  test("a conversion's end reaches every stream watching its track, a stranger's too when the track is public", async () => {
    const [ownerStream, strangerStream] = await Promise.all([
      open({ token: await eventsToken(live.server, owner.token), tracks: publicId }),
      open({ token: await eventsToken(live.server, forker.token), tracks: publicId }),
    ]);
    await Promise.all([ownerStream, strangerStream].map((stream) => stream.next((event) => event.event === "ready")));
    const started = await call(live.server, "POST", `/track/${publicId}/convert-audio`, {
      token: owner.token,
      body: { type: "full", format: "flac" },
    });
    expect(started.status).toBe(200);
    const expected = { trackId: publicId, target: "full", format: "flac", status: "COMPLETED" };
    for (const stream of [ownerStream, strangerStream])
      expect((await stream.next((event) => event.event === "conversion")).data).toEqual(expected);
  });

  test("removing a fork's stem: the regeneration's end, then its processing's, reach the fork's owner", async () => {
    const { forkId } = await forkWithStems(live.server, owner, forker, ["bass", "drums"]);
    const fork = (await call<TrackDetails>(live.server, "GET", `/track/${forkId}`, { token: forker.token })).body;
    const stream = await open({ token: await eventsToken(live.server, forker.token), tracks: forkId });
    await stream.next((event) => event.event === "ready");
    expect((await removeStem(live.server, forker, forkId, fork.stems[1]?.id as string)).status).toBe(200);
    const regenerated = await stream.next((event) => event.event === "regeneration", 120_000);
    expect(regenerated.data).toEqual({ trackId: forkId, status: "READY" });
    const processed = await stream.next((event) => event.event === "processing" && Number(event.id) > Number(regenerated.id));
    expect(processed.data).toEqual({ trackId: forkId, stemId: null, status: "READY" });
  }, 180_000);

  test("a reconnect with Last-Event-ID gets what it missed, in order; past the window it gets reset", async () => {
    const first = await open({ token: await eventsToken(live.server, owner.token) });
    await forkOf(publicId, forker);
    const seen = await first.next(isForkNotice);
    first.close();
    await forkOf(publicId, forker);
    await forkOf(publicId, forker);
    const again = await open({ token: await eventsToken(live.server, owner.token) }, { "last-event-id": seen.id as string });
    await again.next((event) => isForkNotice(event) && again.events.filter(isForkNotice).length === 2);
    const ids = again.events.map((event) => Number(event.id));
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const beyond = await open({ token: await eventsToken(live.server, owner.token), lastEventId: "999999999" });
    const reset = await beyond.next((event) => event.event === "reset");
    expect(Number(reset.id)).toBeGreaterThanOrEqual(Math.max(...ids));
  });
});
