/**
 * A refusal sent before an upload's body is read reaches the client through the compose nginx (deploy/nginx.conf:
 * bodies streamed, upstream keepalive), on every upload route, with bodies of several MB: never nginx's 502 page
 * nor a reset connection in its place.
 */
import { beforeAll, expect, test } from "bun:test";
import { call, type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { forkWithStems } from "../support/studio";
import { createUpload, TUS } from "../support/tus";

// A low MAX_UPLOAD_MB so a body over it is a few MB, as the bodies refused for other reasons are.
const live = setUpCluster({ env: { MAX_UPLOAD_MB: "40" } });
const TRIES = 20;
let owner: Session;
let stranger: Session;
let forkId: string;
let stemId: string;

beforeAll(async () => {
  await signUp(live.cluster); // the first account is the ADMIN
  [owner, stranger] = [await signUp(live.cluster), await signUp(live.cluster)];
  const fork = await forkWithStems(live.cluster, stranger, owner, ["bass"]);
  forkId = fork.forkId;
  const read = await call<{ stems: Array<{ id: string }> }>(live.cluster, "GET", `/track/${forkId}`, { token: owner.token });
  stemId = read.body.stems[0]?.id as string;
}, 120_000);

/** A multipart body of `megabytes` MB of zeros in `field`: the bytes are never looked at, only refused. */
function body(field: string, megabytes: number): FormData {
  const form = new FormData();
  form.set("data", JSON.stringify({ name: "Bass", type: "bass" }));
  form.set(field, new Blob([new Uint8Array(megabytes * 1024 * 1024)]), "big.wav");
  return form;
}

/** `TRIES` sends of the same request through nginx, counted by what came back. */
async function answersThroughNginx(
  method: string,
  path: string,
  token: string | null,
  form: BodyInit,
  extraHeaders: Record<string, string> = {},
) {
  const answers = new Map<string, number>();
  const headers: Record<string, string> = { ...extraHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  // One after another: each reuses nginx's kept-alive upstream connections, where an early answer used to be lost.
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const answer = await fetch(`${live.cluster.url}/api${path}`, { method, headers, body: form }).then(
      async (res) =>
        `${res.status} ${res.headers.get("content-type")?.includes("json") ? (await res.json()).message : await res.text()}`,
      (error: Error & { code?: string }) => error.code ?? error.message,
    );
    answers.set(answer, (answers.get(answer) ?? 0) + 1);
  }
  return Object.fromEntries(answers);
}

/** Each upload route: method, path, file field and its size limit in MB. */
const routes = () =>
  [
    ["POST", "/track", "original", 40],
    ["PATCH", `/track/${forkId}/audio`, "original", 50],
    ["POST", `/track/${forkId}/stem`, "stemFile", 40],
    ["PATCH", `/track/${forkId}/stem/${stemId}`, "stemFile", 40],
    ["PUT", "/auth/me/avatar", "avatar", 10],
  ] as const;

test("a visitor's upload gets its 401 through nginx on every upload route", async () => {
  for (const [method, path, field] of routes()) {
    expect({ [path]: await answersThroughNginx(method, path, null, body(field, 3)) }).toEqual({
      [path]: { "401 Authentication required": TRIES },
    });
  }
}, 300_000);

test("an upload to someone else's fork gets its 404 through nginx", async () => {
  for (const [method, path, field] of routes().filter(([, path]) => path.startsWith(`/track/${forkId}`))) {
    expect({ [path]: await answersThroughNginx(method, path, stranger.token, body(field, 3)) }).toEqual({
      [path]: { "404 Track not found": TRIES },
    });
  }
}, 300_000);

test("an upload over MAX_UPLOAD_MB gets its 413 through nginx", async () => {
  for (const [method, path, field, limit] of routes()) {
    expect({ [path]: await answersThroughNginx(method, path, owner.token, body(field, limit * 3)) }).toEqual({
      [path]: { [`413 The upload is larger than the ${limit}.0 MB limit`]: TRIES },
    });
  }
}, 300_000);

test("a resumable upload's refusals get through nginx: 401, 404, 409, 412, 413", async () => {
  const upload = await createUpload(live.cluster, owner.token, 2 * 1024 * 1024);
  const threeMb = new Uint8Array(3 * 1024 * 1024);
  const patch = (offset: number, extra: Record<string, string> = TUS) => ({
    ...extra,
    "upload-offset": String(offset),
    "content-type": "application/offset+octet-stream",
  });
  const path = `/uploads/${upload}`;
  const cases: Array<[string | null, string, Record<string, string>, string]> = [
    [null, "PATCH", patch(0), "401 Authentication required"],
    [stranger.token, "PATCH", patch(0), "404 Upload not found"],
    [owner.token, "PATCH", patch(5), "409 Upload-Offset is 5 but the upload is at 0"],
    [owner.token, "PATCH", patch(0, {}), "412 Send the header Tus-Resumable: 1.0.0 (the only tus version this server speaks)"],
    [owner.token, "PATCH", patch(0), "413 The bytes sent go past the upload's Upload-Length"],
  ];
  for (const [token, method, headers, expected] of cases) {
    expect({ [expected]: await answersThroughNginx(method, path, token, threeMb, headers) }).toEqual({
      [expected]: { [expected]: TRIES },
    });
  }
  const tooLong = { ...TUS, "upload-length": String(41 * 1024 * 1024), "content-type": "application/offset+octet-stream" };
  expect(await answersThroughNginx("POST", "/uploads", owner.token, threeMb, tooLong)).toEqual({
    "413 The upload is larger than the 40.0 MB limit": TRIES,
  });
}, 300_000);
