import { beforeAll } from "bun:test";
import { basename } from "node:path";
import type { TrackDetails as TrackJson } from "../../modules/tracks/model";
import { call, type Session, signUp } from "./api";
import type { LiveServer } from "./lifecycle";
import type { TestServer } from "./server";
import { corpusPath, createTrack, waitForProcessing } from "./uploads";

/** Test helpers for the fork studio's API tests: the corpus stems, a fork of them, and the multipart calls. */
export const STEMS = "stems/Nova Drift - Undertow";
export const stemPath = (part: string) => `${STEMS} - ${part}.wav`;

/** An original (full mix) with its drums and bass stems typed as such, processed: its id. */
export async function drumsAndBassTrack(server: TestServer, token: string): Promise<string> {
  const id = await createTrack(server, token, {
    original: `${STEMS} (full mix).wav`,
    stems: [
      { path: stemPath("drums"), name: "drums", type: "drums" },
      { path: stemPath("bass"), name: "bass", type: "bass" },
    ],
  });
  await waitForProcessing(server, token, id);
  return id;
}

/** An original (full mix + the named stems), processed, and a public fork of it by `forker`. */
export async function forkWithStems(server: TestServer, owner: Session, forker: Session, parts: string[]) {
  const id = await createTrack(server, owner.token, {
    original: `${STEMS} (full mix).wav`,
    stems: parts.map((part) => ({ path: stemPath(part), name: part, type: "other" })),
  });
  const original = await waitForProcessing(server, owner.token, id);
  const res = await call<{ id: string }>(server, "POST", `/track/${id}/fork`, {
    token: forker.token,
    body: { title: "Studio", isPublic: true },
  });
  if (res.status !== 201) throw new Error(`fork: ${res.status} ${JSON.stringify(res.body)}`);
  return { original, forkId: res.body.id };
}

/** The studio tests' users and tracks (studioCast). */
export interface StudioCast {
  /** The first account, so the admin. */
  admin: Session;
  /** The original's owner. */
  owner: Session;
  /** The fork's owner, the one who may change it. */
  forker: Session;
  /** A user with no part in either track. */
  other: Session;
  original: TrackJson;
  forkId: string;
}

/** Signs up the cast (in this order) and makes the processed original with bass and drums stems and its public fork. */
export async function studioCast(server: TestServer): Promise<StudioCast> {
  const admin = await signUp(server);
  const owner = await signUp(server);
  const forker = await signUp(server);
  const other = await signUp(server);
  const { original, forkId } = await forkWithStems(server, owner, forker, ["bass", "drums"]);
  return { admin, owner, forker, other, original, forkId };
}

/** The fork as its owner reads it now. */
const readFork = async (server: TestServer, { forker, forkId }: Pick<StudioCast, "forker" | "forkId">) =>
  (await call<TrackJson>(server, "GET", `/track/${forkId}`, { token: forker.token })).body;

/**
 * A studio test file's set-up on its server (setUpServer's): the cast, made before the file's tests (`cast` is filled
 * in then), and `fork()`, the fork as its owner reads it now.
 */
export function setUpStudio(live: LiveServer) {
  const cast = {} as StudioCast;
  beforeAll(async () => {
    Object.assign(cast, await studioCast(live.server));
  }, 120_000);
  return { cast, fork: () => readFork(live.server, cast), asForker: forkOwnerCalls(live, cast) };
}

/** The studio's calls as the fork's owner on the fork (read at call time, so `cast` may be filled in later). */
function forkOwnerCalls(live: LiveServer, cast: StudioCast) {
  return {
    addStem: (form: FormData) => addStem(live.server, cast.forker, cast.forkId, form),
    editStem: (stemId: string, form: FormData) => editStem(live.server, cast.forker, cast.forkId, stemId, form),
    removeStem: (stemId: string) => removeStem(live.server, cast.forker, cast.forkId, stemId),
    replaceAudio: (form: FormData) => replaceAudio(live.server, cast.forker, cast.forkId, form),
    waitReady: () => waitReady(live.server, cast.forker, cast.forkId),
  };
}

/** A multipart body: `data` JSON and one file part (a corpus path, or bytes with a name). */
export function studioForm(field: string, file?: string | [Blob, string], data?: Record<string, unknown>): FormData {
  const form = new FormData();
  if (data) form.set("data", JSON.stringify(data));
  if (typeof file === "string") form.set(field, Bun.file(corpusPath(file)), basename(file));
  else if (file) form.set(field, file[0], file[1]);
  return form;
}

export const addStem = (server: TestServer, session: Session | null, id: string, form: FormData) =>
  call<{ id: string; message: string }>(server, "POST", `/track/${id}/stem`, { token: session?.token, body: form });
export const editStem = (server: TestServer, session: Session | null, id: string, stemId: string, form: FormData) =>
  call<{ id: string; message: string }>(server, "PATCH", `/track/${id}/stem/${stemId}`, { token: session?.token, body: form });
export const removeStem = (server: TestServer, session: Session | null, id: string, stemId: string) =>
  call<{ id: string; message: string }>(server, "DELETE", `/track/${id}/stem/${stemId}`, { token: session?.token });
export const replaceAudio = (server: TestServer, session: Session | null, id: string, form: FormData) =>
  call<{ id: string; message: string }>(server, "PATCH", `/track/${id}/audio`, { token: session?.token, body: form });

/** Polls the track until processing has settled READY (a stem's MP3, a regenerated mix). */
export async function waitReady(server: TestServer, session: Session, id: string): Promise<TrackJson> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const track = (await call<TrackJson>(server, "GET", `/track/${id}`, { token: session.token })).body;
    if (track.processingStatus === "FAILED") throw new Error(`track failed: ${track.processingError}`);
    if (track.processingStatus === "READY" && track.fullTrackMp3Url && track.stems.every((s) => s.mp3Url)) return track;
    await Bun.sleep(100);
  }
  throw new Error(`track ${id} never became READY`);
}
