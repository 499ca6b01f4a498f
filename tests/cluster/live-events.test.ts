/**
 * Live events on the loopback cluster (two API instances and a worker behind nginx, on PostgreSQL): an event
 * raised on any instance or the worker reaches a stream held on any instance, through nginx unbuffered, and a
 * reconnect on the other instance replays what it missed.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { eventsToken, type OpenStream, openEventStream } from "../support/event-stream";
import { generateAudio } from "../support/generated-audio";
import { firstLicenseId, type UploadReply, uploadTiny, waitForProcessing } from "../support/uploads";

const live = setUpCluster();
let owner: Session;
let forker: Session;
let publicId: string;
const streams: OpenStream[] = [];

const isForkNotice = (event: { event: string; data: unknown }) =>
  event.event === "notification" && (event.data as { title?: string }).title === "Your track was forked";

beforeAll(async () => {
  await signUp(live.cluster);
  [owner, forker] = await Promise.all([signUp(live.cluster), signUp(live.cluster)]);
  publicId = await uploadTiny(live.cluster, owner, { isPublic: true });
  await waitForProcessing(live.cluster, owner.token, publicId);
}, 120_000);

afterAll(() => {
  for (const stream of streams) stream.close();
});

test("a notification raised on one instance reaches streams on both, and through nginx", async () => {
  // Held on the first instance, the second, and through nginx.
  const held = await Promise.all(
    [live.cluster.apis[0], live.cluster.apis[1], live.cluster].map(async (server) =>
      openEventStream(server, { token: await eventsToken(live.cluster, owner.token) }),
    ),
  );
  streams.push(...held);
  // Live, not replayed: each stream has said where it starts before the event is raised.
  await Promise.all(held.map((stream) => stream.next((event) => event.event === "ready")));
  const fork = await call(live.cluster.apis[1], "POST", `/track/${publicId}/fork`, {
    token: forker.token,
    body: { title: "Cluster fork" },
  });
  expect(fork.status).toBe(201);
  const received = await Promise.all(held.map((stream) => stream.next(isForkNotice)));
  expect(received).toHaveLength(3);
  expect(new Set(received.map((event) => event.id)).size).toBe(1);
}, 60_000);

test("the worker's processing events reach a stream on an API instance; a reconnect on the other replays them", async () => {
  // Two minutes of tone: its MP3 takes a while on the worker, so the stream is open before processing ends.
  const form = new FormData();
  form.set("data", JSON.stringify({ title: "Tone", primaryArtistName: "Tone", licenseId: await firstLicenseId(live.cluster) }));
  const audio = generateAudio("sine=frequency=330:duration=120:sample_rate=44100", ["-c:a", "flac", "-f", "flac"]);
  form.set("original", new Blob([audio]), "tone.flac");
  const uploaded = await call<UploadReply>(live.cluster.apis[1], "POST", "/track", { token: owner.token, body: form });
  expect(uploaded.status).toBe(201);
  const id = uploaded.body.id as string;

  const stream = await openEventStream(live.cluster.apis[0], {
    token: await eventsToken(live.cluster, owner.token),
    tracks: id,
  });
  streams.push(stream);
  const ready = await stream.next((event) => event.event === "ready");
  const done = await stream.next((event) => event.event === "processing", 120_000);
  expect(done.data).toEqual({ trackId: id, stemId: null, status: "READY" });
  stream.close();

  const replay = await openEventStream(
    live.cluster.apis[1],
    { token: await eventsToken(live.cluster, owner.token), tracks: id },
    { "last-event-id": ready.id as string },
  );
  streams.push(replay);
  const replayed = await replay.next((event) => event.event === "processing");
  expect(replayed).toEqual(done);
}, 180_000);
