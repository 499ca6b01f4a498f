/**
 * The world the authorisation matrix runs in, prepared once on one real server: six users, four
 * tracks in the four states (public, private, pending-deletion, deleted; tiny WAVs with a stem and a
 * cover), a private fork of the public one by another user (with a stem of its own), a decoy, shares
 * and a revoked share, and the tokens of every kind of caller.
 */

import { SignJWT } from "jose";
import type { AccessTokenScope } from "../../src/shared/access-token-scopes";
import { call, type Session, signUp } from "../support/api";
import type { LiveServer } from "../support/lifecycle";
import { addStem, studioForm, waitReady } from "../support/studio";
import { createUpload } from "../support/tus";
import { createTrack, waitForProcessing } from "../support/uploads";

export const MATRIX_JWT_SECRET = "matrix-secret-7f3a9c1e5b2d8a6f4c0e9b7d3a1f5c8e";
/** The tracks the matrix's track routes run on: the four states, and a fork (private, active). */
export const TRACK_STATES = ["public", "private", "pending", "deleted", "fork"] as const;
export type TrackState = (typeof TRACK_STATES)[number];
/**
 * Who the server should take a caller to be. "owner" owns the four tracks in their states, so is also the
 * fork's original's owner; "forker" owns the fork.
 */
export type Identity = "anonymous" | "owner" | "other" | "shared" | "revoked" | "admin" | "forker";

/** Who owns the track the matrix uses in `state` (a global route's caller has no track: the owner's rules). */
export const ownerOf = (state: TrackState | null): Identity => (state === "fork" ? "forker" : "owner");

/** A user of the matrix: their session, and the password that signs them in again. */
type Account = Session & { password: string };

export interface Caller {
  name: string;
  token: string | null;
  identity: Identity;
  /** A personal access token's scopes: it acts as `identity` within them (undefined: a session). */
  scopes?: AccessTokenScope[];
}

export interface MatrixTrack {
  id: string;
  owner: Exclude<Identity, "anonymous">;
  stemId: string;
  title: string;
  isPublic: boolean;
}

export interface MatrixWorld {
  users: Record<Exclude<Identity, "anonymous">, Account>;
  tracks: Record<TrackState, MatrixTrack>;
  /** Another private track of the owner: its media token is the wrong one for every other track. */
  decoy: MatrixTrack;
  callers: Caller[];
  flagId: string;
  inviteCodeId: string;
  licenseId: string;
  /** An unfinished resumable upload of the owner's: only they may see or change it. */
  uploadId: string;
  /** A notification of the shared user (the share): only they may mark it read. */
  sharedNotificationId: string;
  /** The address the server answers on: oEmbed takes a track page's whole URL. */
  siteUrl: string;
}

/**
 * The owner with a personal access token of each scope but admin, the admin with one of only that, and a revoked token
 * (which names nobody).
 */
async function tokenCallers(live: LiveServer, owner: Session, admin: Session): Promise<Caller[]> {
  const make = async (session: Session, scopes: AccessTokenScope[]) =>
    (
      await call<{ id: string; token: string }>(live.server, "POST", "/auth/tokens", {
        token: session.token,
        body: { name: "matrix", scopes },
      })
    ).body;
  const callers: Caller[] = [];
  for (const scope of ["read", "write", "upload"] as const) {
    callers.push({
      name: `owner's ${scope} token`,
      token: (await make(owner, [scope])).token,
      identity: "owner",
      scopes: [scope],
    });
  }
  callers.push({
    name: "admin's admin token",
    token: (await make(admin, ["admin"])).token,
    identity: "admin",
    scopes: ["admin"],
  });
  const revoked = await make(owner, ["read", "write", "upload"]);
  await call(live.server, "DELETE", `/auth/tokens/${revoked.id}`, { token: owner.token });
  callers.push({ name: "a revoked token", token: revoked.token, identity: "anonymous" });
  return callers;
}

const sign = (claims: Record<string, unknown>, secret: string, expiresIn: string | number) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));

/** `alg: none`: a token anyone can write; it must never be accepted. */
const unsigned = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;

async function forgedCallers(admin: Session, other: Session): Promise<Caller[]> {
  const past = Math.floor(Date.now() / 1000) - 60;
  return [
    { name: "malformed token", token: "not-a-jwt", identity: "anonymous" },
    { name: "expired token", token: await sign({ sub: admin.user.id }, MATRIX_JWT_SECRET, past), identity: "anonymous" },
    {
      name: "wrong-key token",
      token: await sign({ sub: admin.user.id }, `${MATRIX_JWT_SECRET}-other`, "1h"),
      identity: "anonymous",
    },
    { name: "alg-none token", token: unsigned({ sub: admin.user.id, exp: past + 7200 }), identity: "anonymous" },
    // Signed with the real key, but the role claim is the caller's wish: the role comes from the database.
    {
      name: "forged-admin token",
      token: await sign({ sub: other.user.id, role: "ADMIN", admin: true }, MATRIX_JWT_SECRET, "1h"),
      identity: "other",
    },
    // Users cannot be deleted, so a deleted user is a valid signature for an id that does not exist.
    {
      name: "unknown-user token",
      token: await sign({ sub: "deleted-user-0000" }, MATRIX_JWT_SECRET, "1h"),
      identity: "anonymous",
    },
  ];
}

/**
 * A session its user ended with "Log out everywhere": a valid signature for an account that exists, from before the
 * account ended its sessions. It must be anonymous everywhere, kept answers included.
 */
async function endedSession(live: LiveServer): Promise<Caller> {
  const user = await signUp(live.server);
  const ended = await call(live.server, "POST", "/auth/logout-everywhere", {
    token: user.token,
    body: { password: user.password },
  });
  if (ended.status !== 200) throw new Error(`logout-everywhere: ${ended.status}`);
  return { name: "ended session", token: user.token, identity: "anonymous" };
}

async function uploadMatrixTrack(live: LiveServer, owner: Session, title: string, isPublic: boolean): Promise<MatrixTrack> {
  const id = await createTrack(live.server, owner.token, {
    original: "bad/CON.wav",
    coverArt: "images/matplotlib-Minduka_Present_Blue_Pack.png",
    stems: [{ path: "bad/CON.wav", name: "Bass", type: "bass" }],
    data: { title, isPublic },
  });
  const view = await waitForProcessing<{ stems: Array<{ id: string }> }>(live.server, owner.token, id);
  return { id, owner: "owner", stemId: view.stems[0]?.id as string, title, isPublic };
}

/** A private fork of `original` by `forker`, shared with `shared`, with a stem of its own added in the studio. */
async function forkMatrixTrack(live: LiveServer, original: MatrixTrack, forker: Session, shared: Session, title: string) {
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${original.id}/fork`, {
    token: forker.token,
    body: { title, isPublic: false },
  });
  if (fork.status !== 201) throw new Error(`fork: ${fork.status} ${JSON.stringify(fork.body)}`);
  const id = fork.body.id;
  await call(live.server, "POST", `/track/${id}/share`, { token: forker.token, body: { userIds: [shared.user.id] } });
  const stem = await addStem(live.server, forker, id, studioForm("stemFile", "bad/CON.wav", { name: "Fork stem" }));
  if (stem.status >= 300) throw new Error(`fork stem: ${stem.status} ${JSON.stringify(stem.body)}`);
  const view = await waitReady(live.server, forker, id);
  const stemId = view.stems.find((each) => each.name === "Fork stem")?.id as string;
  return { id, owner: "forker", stemId, title, isPublic: false } satisfies MatrixTrack;
}

async function deleteAndWait(live: LiveServer, admin: Session, owner: Session, id: string, status: string) {
  await call(live.server, "DELETE", "/tracks", { token: owner.token, body: { trackIds: [id] } });
  for (let attempt = 0; attempt < 300; attempt++) {
    const listed = await call<{ items: Array<{ id: string }> }>(live.server, "GET", `/tracks/deleted?status=${status}`, {
      token: admin.token,
    });
    if (listed.body.items?.some((track) => track.id === id)) return;
    await Bun.sleep(100);
  }
  throw new Error(`track ${id} did not become ${status}`);
}

/** Builds the world; the server starts with DELETION_GRACE_SECONDS=1 and is restarted with a week once one track is purged. */
export async function prepareWorld(live: LiveServer): Promise<MatrixWorld> {
  const suffix = Date.now().toString(36);
  const admin = await signUp(live.server);
  const [owner, other, shared, revoked, forker] = (await Promise.all([1, 2, 3, 4, 5].map(() => signUp(live.server)))) as [
    Account,
    Account,
    Account,
    Account,
    Account,
  ];
  const users = { admin, owner, other, shared, revoked, forker };
  const deleted = await uploadMatrixTrack(live, owner, `MatrixDeleted ${suffix}`, true);
  await deleteAndWait(live, admin, owner, deleted.id, "DELETED");
  await live.restartServer({ DELETION_GRACE_SECONDS: String(7 * 24 * 3600) });
  const [pending, publicTrack, privateTrack, decoy] = await Promise.all([
    uploadMatrixTrack(live, owner, `MatrixPending ${suffix}`, true),
    uploadMatrixTrack(live, owner, `MatrixPublic ${suffix}`, true),
    uploadMatrixTrack(live, owner, `MatrixPrivate ${suffix}`, false),
    uploadMatrixTrack(live, owner, `MatrixDecoy ${suffix}`, false),
  ]);
  const [, fork] = await Promise.all([
    deleteAndWait(live, admin, owner, pending.id, "PENDING_DELETION"),
    forkMatrixTrack(live, publicTrack, forker, shared, `MatrixFork ${suffix}`),
  ]);
  const tracks = { public: publicTrack, private: privateTrack, pending, deleted, fork };
  const share = (method: string, userId: string) =>
    call(live.server, method, `/track/${tracks.private.id}/share`, { token: owner.token, body: { userIds: [userId] } });
  await share("POST", shared.user.id);
  await share("POST", revoked.user.id);
  await share("DELETE", revoked.user.id);
  const flag = await call<{ id: string }>(live.server, "POST", "/admin/feature-flags", {
    token: admin.token,
    body: { name: `matrix-flag-${suffix}`, description: "matrix" },
  });
  const code = await call<{ id: string }>(live.server, "POST", "/admin/invite-codes", { token: admin.token, body: {} });
  const notes = await call<{ items: Array<{ id: string }> }>(live.server, "GET", "/notifications", { token: shared.token });
  const licenses = await call<Array<{ id: string }>>(live.server, "GET", "/licenses");
  const uploadId = await createUpload(live.server, owner.token, 10);
  const named = (identity: Exclude<Identity, "anonymous">): Caller => ({
    name: identity,
    token: users[identity].token,
    identity,
  });
  return {
    users,
    tracks,
    decoy,
    callers: [
      { name: "anonymous", token: null, identity: "anonymous" },
      ...(await forgedCallers(admin, other)),
      await endedSession(live),
      ...(["owner", "other", "shared", "revoked", "admin", "forker"] as const).map(named),
      ...(await tokenCallers(live, owner, admin)),
    ],
    flagId: flag.body.id,
    inviteCodeId: code.body.id,
    licenseId: licenses.body[0]?.id as string,
    uploadId,
    sharedNotificationId: notes.body.items[0]?.id as string,
    siteUrl: live.server.url,
  };
}
