/**
 * The tracks the search and filtered-list tests run on, uploaded through the API to a real server: accents, case, CJK, punctuation,
 * stems, descriptions, filters' values, and private, shared and deleted tracks whose words must stay hidden.
 * Each track has a key (its fixture name), so results from two servers (SQLite, PostgreSQL) compare by key.
 */
import { call, type Session, signUp } from "./api";
import type { TestServer } from "./server";
import { createTrack, TINY_WAV, waitProcessed } from "./uploads";

type Data = Record<string, unknown>;
interface Fixture {
  owner: "alice" | "bob";
  data: Data;
  stems?: Array<{ name: string; type: string }>;
  original?: string;
}

const FLAC = "real-audio/hydrogen-808_Kick_Long.flac";

export const FIXTURES = {
  cafe: { owner: "alice", data: { title: "Café del Mar", primaryArtistName: "Zoë Keating", genreNames: ["Chillout"], bpm: 96 } },
  cafeLoud: { owner: "alice", data: { title: "CAFÉ NOIR", primaryArtistName: "Noir Band", genreNames: ["Jazz"], key: "Am" } },
  cafePlain: {
    owner: "bob",
    data: { title: "cafe racer", primaryArtistName: "Speedway", bpm: 174, genreNames: ["Drum and Bass"] },
  },
  tokyo: { owner: "alice", data: { title: "東京の夜", primaryArtistName: "夜行バス", description: "シティポップの名曲" } },
  acdc: { owner: "bob", data: { title: "Highway Song", primaryArtistName: "AC/DC", genreNames: ["hard-rock"], bpm: 120 } },
  lofi: { owner: "alice", data: { title: "Rainy Beats", genreNames: ["lo-fi"], description: "don't stop the rain", bpm: 80 } },
  stems: {
    owner: "alice",
    data: { title: "Bass Odyssey", primaryArtistName: "Deep Crew", bpm: 124, key: "F#m" },
    stems: [
      { name: "Bässline", type: "bass" },
      { name: "Kick Loop", type: "drums" },
    ],
  },
  flac: { owner: "bob", data: { title: "Snare Study", primaryArtistName: "Drum Lab" }, original: FLAC },
  midnightTitle: { owner: "alice", data: { title: "Midnight City", primaryArtistName: "Neon Lights" } },
  midnightText: {
    owner: "bob",
    data: { title: "Plain Song", primaryArtistName: "Quiet Folk", description: "a hidden gem about midnight" },
  },
  private: {
    owner: "alice",
    data: { title: "Secret Midnight Plan", isPublic: false, description: "xylophone confidential" },
    stems: [{ name: "Whispered Vocals", type: "vocals" }],
  },
  shared: { owner: "alice", data: { title: "Shared Midnight Sketch", isPublic: false } },
  bobPrivate: { owner: "bob", data: { title: "Bob Private Midnight", isPublic: false } },
  deleted: { owner: "alice", data: { title: "Deleted Midnight Ghost" } },
} satisfies Record<string, Fixture>;
export type FixtureKey = keyof typeof FIXTURES;

export interface Corpus {
  alice: Session;
  bob: Session;
  /** A third user the shared track is shared with. */
  carol: Session;
  ids: Record<FixtureKey, string>;
  keyOf(id: string): FixtureKey | string;
}

/** Licences by type, from the server. */
export async function licenseIdsByType(server: TestServer): Promise<Record<string, string>> {
  const reply = await call<Array<{ id: string; type: string }>>(server, "GET", "/licenses");
  return Object.fromEntries(reply.body.map((license) => [license.type, license.id]));
}

export async function seedCorpus(server: TestServer): Promise<Corpus> {
  const [alice, bob, carol] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  const sessions = { alice, bob };
  const licenses = await licenseIdsByType(server);
  const ids = {} as Record<FixtureKey, string>;
  for (const [key, fixture] of Object.entries(FIXTURES) as Array<[FixtureKey, Fixture]>) {
    // The cafés and the lo-fi track are CC BY (remixable, commercial), the Tokyo one CC BY-NC; the rest all rights reserved.
    const license =
      key === "cafe" || key === "lofi" ? licenses.CC_BY : key === "tokyo" ? licenses.CC_BY_NC : licenses.ALL_RIGHTS_RESERVED;
    ids[key] = await createTrack(server, sessions[fixture.owner].token, {
      original: fixture.original ?? TINY_WAV,
      stems: fixture.stems?.map((stem) => ({ ...stem, path: TINY_WAV })),
      data: { primaryArtistName: "Someone", ...fixture.data, licenseId: license },
    });
  }
  await call(server, "POST", `/track/${ids.shared}/share`, { token: alice.token, body: { userIds: [carol.user.id] } });
  await call(server, "DELETE", "/tracks", { token: alice.token, body: { trackIds: [ids.deleted] } });
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return { alice, bob, carol, ids, keyOf: (id) => byId.get(id) ?? id };
}

/** A public fork of the Midnight City track by bob (forks wait for the original's processing). */
export async function forkOf(server: TestServer, corpus: Corpus): Promise<string> {
  await waitProcessed(server, corpus.alice, corpus.ids.midnightTitle);
  const fork = await call<{ id: string }>(server, "POST", `/track/${corpus.ids.midnightTitle}/fork`, {
    token: corpus.bob.token,
    body: { title: "Midnight City Remix", isPublic: true },
  });
  if (fork.status !== 201) throw new Error(`fork: ${fork.status} ${JSON.stringify(fork.body)}`);
  return fork.body.id;
}

/** The Undertow family's tracks, by key (search's order and stem tests). */
export type ForkFamily = Record<"undertow" | "cleoRework" | "dub" | "sameTitle" | "blues" | "carolsPrivate", string>;

/**
 * alice's "Undertow" (drums and bass stems, 124 BPM, CC BY) and, newer, its forks: bob's "Undertow (cleo rework)",
 * "Undertow Dub" and "Undertow" (the same title), carol's private one; then bob's own "Undertow Blues" (a drums stem
 * of its own file), the newest. Every fork names the original's stem files.
 */
export async function seedForkFamily(server: TestServer, corpus: Corpus): Promise<ForkFamily> {
  const licenses = await licenseIdsByType(server);
  const undertow = await createTrack(server, corpus.alice.token, {
    original: TINY_WAV,
    stems: [
      { name: "Drums", type: "drums", path: TINY_WAV },
      { name: "Bass", type: "bass", path: TINY_WAV },
    ],
    data: { title: "Undertow", primaryArtistName: "Alice Tide", bpm: 124, licenseId: licenses.CC_BY },
  });
  await waitProcessed(server, corpus.alice, undertow);
  const fork = async (session: Session, title: string, isPublic: boolean) => {
    const reply = await call<{ id: string }>(server, "POST", `/track/${undertow}/fork`, {
      token: session.token,
      body: { title, isPublic },
    });
    if (reply.status !== 201) throw new Error(`fork: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.id;
  };
  const cleoRework = await fork(corpus.bob, "Undertow (cleo rework)", true);
  const dub = await fork(corpus.bob, "Undertow Dub", true);
  const sameTitle = await fork(corpus.bob, "Undertow", true);
  const carolsPrivate = await fork(corpus.carol, "Undertow for Me", false);
  const blues = await createTrack(server, corpus.bob.token, {
    original: TINY_WAV,
    stems: [{ name: "Drums", type: "drums", path: TINY_WAV }],
    data: { title: "Undertow Blues", primaryArtistName: "Bob Shore", bpm: 126, licenseId: licenses.CC_BY },
  });
  return { undertow, cleoRework, dub, sameTitle, blues, carolsPrivate };
}
