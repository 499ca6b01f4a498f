/**
 * A client's journey through the API with a client generated from the published OpenAPI document: sign up, upload,
 * read the track, list, fork, share. tests/generated-client/generated-client.test.ts generates `./schema` (with
 * openapi-typescript) into a scratch folder beside a copy of this file, type-checks the two, and runs this against a
 * real server: STEMMA_URL names it and STEMMA_WAV the file to upload. It prints what it saw as one JSON line.
 * It is no part of the project's own type check (tsconfig.json): `./schema` exists only in the scratch folder.
 */
import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({ baseUrl: process.env.STEMMA_URL });
const wav = process.env.STEMMA_WAV as string;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The data of a 2xx answer; a refusal throws with the step, its status and the server's message. */
function expectData<T>(step: string, reply: { data?: T; error?: unknown; response: Response }): T {
  if (reply.data === undefined) throw new Error(`${step}: ${reply.response.status} ${JSON.stringify(reply.error)}`);
  return reply.data;
}

async function signUp(name: string) {
  const username = `${name}_${Date.now().toString(36)}`;
  const body = { email: `${username}@example.com`, username, password: "Secret123" };
  return expectData("sign up", await client.POST("/api/auth/signup", { body }));
}

const owner = await signUp("owner");
const listener = await signUp("listener");

// A refusal is typed too: the error shape's message.
const refused = await client.GET("/api/auth/me");
const refusal = { status: refused.response.status, message: refused.error?.message };

const licenses = expectData("licences", await client.GET("/api/licenses"));
const info = { title: "Journey", primaryArtistName: "Generated Client", licenseId: licenses[0]?.id, stemMetadata: [] };
const created = expectData(
  "upload",
  await client.POST("/api/track", {
    headers: bearer(owner.token),
    // The form's file parts are strings in the generated types (`format: binary`): the serializer sends the file.
    body: { data: JSON.stringify(info), original: "journey.wav" },
    bodySerializer: (body) => {
      const form = new FormData();
      form.set("data", body?.data ?? "");
      form.set("original", Bun.file(wav), body?.original);
      return form;
    },
  }),
);

/** The track as `token` reads it once its processing has ended (it runs in the background after the upload). */
async function readProcessed(id: string, token: string) {
  for (let attempt = 0; attempt < 480; attempt++) {
    const track = expectData(
      "read the track",
      await client.GET("/api/track/{id}", { params: { path: { id } }, headers: bearer(token) }),
    );
    if (track.processingStatus !== "PENDING" && track.fullTrackMp3Url) return track;
    await Bun.sleep(250);
  }
  throw new Error(`read the track: ${id} still processing`);
}

const track = await readProcessed(created.id, owner.token);
const own = expectData("list", await client.GET("/api/tracks", { headers: bearer(owner.token) }));
const publicList = expectData("public list", await client.GET("/api/tracks/public", { params: { query: { limit: 50 } } }));

const fork = expectData(
  "fork",
  await client.POST("/api/track/{id}/fork", {
    params: { path: { id: track.id } },
    headers: bearer(listener.token),
    body: { title: "Journey (fork)" },
  }),
);
const forked = await readProcessed(fork.id, listener.token);

const shared = expectData(
  "share",
  await client.POST("/api/track/{id}/share", {
    params: { path: { id: track.id } },
    headers: bearer(owner.token),
    body: { userIds: [listener.user.id] },
  }),
);
const sharedWithListener = expectData("shared list", await client.GET("/api/tracks/shared", { headers: bearer(listener.token) }));

console.log(
  JSON.stringify({
    refusal,
    track: { id: track.id, title: track.title, processingStatus: track.processingStatus, owner: track.user.username },
    ownOwner: own.items.map((item) => item.id),
    publicList: publicList.items.map((item) => item.id),
    fork: { id: forked.id, isFork: forked.isFork, forkedFromId: forked.forkedFromId },
    sharedWith: shared.sharedWith.map((share) => share.userId),
    sharedList: sharedWithListener.items.map((item) => item.id),
    listener: listener.user.id,
    ownerName: owner.user.username,
  }),
);
