import { call, signUp } from "../../support/api";
import type { TestServer } from "../../support/server";
import { createUpload } from "../../support/tus";
import { createTrack, waitForProcessing } from "../../support/uploads";
import type { FuzzWorld } from "./routes";

/**
 * An admin, a user with one public and one private track (each with a stem) and a timed comment on each, and a
 * resumable upload, and their ids, usernames and tokens.
 */
export async function prepareFuzzWorld(server: TestServer): Promise<FuzzWorld> {
  const admin = await signUp(server);
  const owner = await signUp(server);
  const ids: string[] = [];
  const stemFiles: string[] = [];
  const commentIds: string[] = [];
  for (const isPublic of [true, false]) {
    const id = await createTrack(server, owner.token, {
      original: "bad/CON.wav",
      stems: [{ path: "bad/CON.wav", name: "Bass", type: "bass" }],
      data: { isPublic },
    });
    const view = await waitForProcessing<{ stems: Array<{ id: string }> }>(server, owner.token, id);
    ids.push(id);
    const comment = await call<{ id: string }>(server, "POST", `/track/${id}/comments`, {
      token: owner.token,
      body: { body: "Fuzz comment", atSeconds: 0.1 },
    });
    commentIds.push(comment.body.id);
    stemFiles.push(`${view.stems[0]?.id}.mp3`, view.stems[0]?.id as string);
  }
  const notes = await call<{ items: Array<{ id: string }> }>(server, "GET", "/notifications", { token: admin.token });
  ids.push(...notes.body.items.map((item) => item.id));
  // A resumable upload of the owner's, to fuzz its HEAD, PATCH and DELETE.
  ids.push(await createUpload(server, owner.token, 10_000));
  const events = await call<{ token: string }>(server, "POST", "/events/token", { token: owner.token });
  return {
    ids,
    stemFiles,
    commentIds,
    usernames: [admin.user.username, owner.user.username],
    tokens: [admin.token, owner.token],
    queryTokens: [events.body.token],
  };
}
