/**
 * Media tokens and the presigned-URL call (SPEC §7): short-lived, one track, read-only, signed apart
 * from sessions; a session token in ?token= is accepted nowhere; no token of either kind is logged.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { uploadTiny, waitForProcessing } from "../../tests/support/uploads";

const JWT_SECRET = "media-token-test-secret-0123456789-abcdefghijk";
const live = setUpServer({ env: { JWT_SECRET, LOG_LEVEL: "debug" } });
let admin: Session;
let owner: Session;
let shared: Session;
let other: Session;
let privateId: string;
let otherPrivateId: string;
let publicId: string;

beforeAll(async () => {
  admin = await signUp(live.server);
  owner = await signUp(live.server);
  shared = await signUp(live.server);
  other = await signUp(live.server);
  privateId = await uploadTiny(live.server, owner, { isPublic: false });
  otherPrivateId = await uploadTiny(live.server, owner, { isPublic: false });
  publicId = await uploadTiny(live.server, owner, { isPublic: true });
  for (const id of [privateId, otherPrivateId, publicId]) await waitForProcessing(live.server, owner.token, id);
  await call(live.server, "POST", `/track/${privateId}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
}, 60_000);

const presign = (url: string, token?: string) =>
  call<{ url: string; expiresAt: string | null; message?: string }>(live.server, "POST", "/media/presign", {
    token,
    body: { url },
  });
const fetchPath = (path: string, headers: Record<string, string> = {}) => fetch(`${live.server.url}${path}`, { headers });
const tokenOf = (url: string) => new URL(url, live.server.url).searchParams.get("token") as string;

/** A token in the documented format signed as the server does, for claims the server would never issue. */
function forgeMediaToken(claims: Record<string, unknown>, secret = JWT_SECRET): string {
  const key = createHmac("sha256", secret).update("stemma media tokens v1").digest();
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

describe("the presigned-URL call", () => {
  test("gives the owner a URL whose media token plays the private track without the session", async () => {
    const reply = await presign(`/api/track/${privateId}/full.mp3`, owner.token);
    expect(reply.status).toBe(200);
    expect(reply.body.url).toStartWith(`/api/track/${privateId}/full.mp3?token=`);
    expect(reply.body.url).not.toContain(owner.token);
    const lifetime = Date.parse(reply.body.expiresAt as string) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000);
    expect((await fetchPath(reply.body.url)).status).toBe(200);
  });

  test("keeps the URL's other query values (attachment) and replaces any token in it", async () => {
    const reply = await presign(`/api/track/${privateId}/original?attachment=&token=stale`, owner.token);
    const url = new URL(reply.body.url, live.server.url);
    expect(url.searchParams.has("attachment")).toBe(true);
    expect(url.searchParams.getAll("token")).toHaveLength(1);
    const response = await fetchPath(reply.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment");
  });

  test("is 404 for a track the caller may not see, like its media", async () => {
    const reply = await presign(`/api/track/${privateId}/full.mp3`, other.token);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "Track not found" } as never);
    expect((await presign(`/api/track/${privateId}/full.mp3`)).status).toBe(404);
  });

  test("gives visitors a public track's URL unchanged, without a token", async () => {
    const reply = await presign(`/api/track/${publicId}/full.mp3`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ url: `/api/track/${publicId}/full.mp3`, expiresAt: null });
  });

  test.each([
    "/api/track/x/../../auth/me",
    "/api/auth/me",
    "https://evil.example/api/track/abc/full.mp3",
    "/api/track/abc/full.ogg",
    "http://[",
  ])("refuses %s with a 400 (not a media URL of this site)", async (url) => {
    const reply = await presign(url, owner.token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe("url must be a media URL of this site");
  });

  test("accepts an absolute URL on the server's own origin", async () => {
    const reply = await presign(`${live.server.url}/api/track/${privateId}/cover?size=card`, owner.token);
    expect(reply.status).toBe(200);
    expect(reply.body.url).toStartWith(`/api/track/${privateId}/cover?size=card&token=`);
  });
});

describe("a media token", () => {
  test("opens every file of its track (cover, stems' routes) and nothing of another track", async () => {
    const token = tokenOf((await presign(`/api/track/${privateId}/full.mp3`, owner.token)).body.url);
    expect((await fetchPath(`/api/track/${privateId}/original?token=${token}`)).status).toBe(200);
    expect((await fetchPath(`/api/track/${otherPrivateId}/full.mp3?token=${token}`)).status).toBe(404);
    expect((await fetchPath(`/api/track/${otherPrivateId}/original?token=${token}`)).status).toBe(404);
  });

  test("is read-only: it is no session on any other route, in the query or the header", async () => {
    const token = tokenOf((await presign(`/api/track/${privateId}/full.mp3`, owner.token)).body.url);
    expect((await call(live.server, "GET", `/auth/me?token=${token}`)).status).toBe(401);
    expect((await call(live.server, "GET", "/auth/me", { token })).status).toBe(401);
    expect((await call(live.server, "GET", `/track/${privateId}?token=${token}`)).status).toBe(404);
    const patch = await call(live.server, "PATCH", `/track/${privateId}/visibility?token=${token}`, { body: { isPublic: true } });
    expect(patch.status).toBe(401);
    expect((await call(live.server, "DELETE", `/tracks?token=${token}`, { body: { trackIds: [privateId] } })).status).toBe(401);
    expect((await fetchPath(`/api/track/${privateId}/full.mp3`, { authorization: `Bearer ${token}` })).status).toBe(404);
  });

  test("stops working when the share it relied on is revoked", async () => {
    const id = await uploadTiny(live.server, owner, { isPublic: false });
    await waitForProcessing(live.server, owner.token, id);
    await call(live.server, "POST", `/track/${id}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
    const url = (await presign(`/api/track/${id}/full.mp3`, shared.token)).body.url;
    expect((await fetchPath(url)).status).toBe(200);
    await call(live.server, "DELETE", `/track/${id}/share`, { token: owner.token, body: { userIds: [shared.user.id] } });
    expect((await fetchPath(url)).status).toBe(404);
  });

  test("is refused when expired, tampered with, or signed with the session secret itself", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = forgeMediaToken({ t: privateId, u: owner.user.id, e: now - 1 });
    const valid = forgeMediaToken({ t: privateId, u: owner.user.id, e: now + 60 });
    expect((await fetchPath(`/api/track/${privateId}/full.mp3?token=${valid}`)).status).toBe(200);
    expect((await fetchPath(`/api/track/${privateId}/full.mp3?token=${expired}`)).status).toBe(404);
    const [payload, signature] = valid.split(".");
    const retargeted = `${Buffer.from(JSON.stringify({ t: otherPrivateId, u: owner.user.id, e: now + 60 })).toString("base64url")}.${signature}`;
    expect((await fetchPath(`/api/track/${otherPrivateId}/full.mp3?token=${retargeted}`)).status).toBe(404);
    expect((await fetchPath(`/api/track/${privateId}/full.mp3?token=${payload}.`)).status).toBe(404);
    const sessionKeyed = `${payload}.${createHmac("sha256", JWT_SECRET)
      .update(payload as string)
      .digest("base64url")}`;
    expect((await fetchPath(`/api/track/${privateId}/full.mp3?token=${sessionKeyed}`)).status).toBe(404);
  });
});

describe("session tokens", () => {
  test("are accepted in no query string: media, track details, /auth/me", async () => {
    expect((await fetchPath(`/api/track/${privateId}/full.mp3?token=${owner.token}`)).status).toBe(404);
    expect((await fetchPath(`/api/track/${privateId}/cover?token=${owner.token}`)).status).toBe(404);
    expect((await call(live.server, "GET", `/track/${privateId}?token=${owner.token}`)).status).toBe(404);
    expect((await call(live.server, "GET", `/auth/me?token=${owner.token}`)).status).toBe(401);
    expect((await call(live.server, "GET", `/tracks?token=${admin.token}`)).status).toBe(401);
  });
});

test("neither kind of token reaches the server's log, whatever the route answers", async () => {
  const url = (await presign(`/api/track/${privateId}/full.mp3`, owner.token)).body.url;
  const mediaToken = tokenOf(url);
  const paths = [
    url,
    `${url}&attachment`,
    `/api/track/missing/full.mp3?token=${mediaToken}`,
    `/api/track/${privateId}/cover?size=huge&token=${mediaToken}`,
    `/api/track/${privateId}/stem/nope.ogg?token=${mediaToken}`,
    `/api/track/${privateId}/full.mp3?token=${owner.token}`,
  ];
  for (const path of paths) {
    await (await fetchPath(path, { range: "bytes=999999999-" })).arrayBuffer();
    await (await fetchPath(path, { authorization: `Bearer ${owner.token}` })).arrayBuffer();
  }
  await call(live.server, "POST", `/track/${privateId}/usage?token=${owner.token}`, { body: { eventType: "PLAY" } });
  await Bun.sleep(200);
  const output = live.server.output();
  // The debug request log ran, so the URLs were written (masked).
  expect(output).toContain(`/api/track/${privateId}/full.mp3?token=[redacted]`);
  for (const secret of [owner.token, owner.token.split(".")[2] as string, mediaToken, mediaToken.split(".")[1] as string])
    expect(output).not.toContain(secret);
});
