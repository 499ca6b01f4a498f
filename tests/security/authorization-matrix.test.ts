/**
 * The authorisation matrix: every route of the server's own route table × every kind of caller ×
 * every track state × every way of sending credentials. Each cell checks the status and that the
 * response carries no other user's private data (e-mails, private titles, shares).
 */
import { beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESSION_COOKIE } from "../../modules/auth";
import { call } from "../support/api";
import { setUpServer } from "../support/lifecycle";
import { fetchMedia, grantedStatus } from "../support/media-fetch";
import {
  type Caller,
  type Identity,
  MATRIX_JWT_SECRET,
  type MatrixWorld,
  prepareWorld,
  TRACK_STATES,
  type TrackState,
} from "./matrix-fixture";
import { type CellRequest, MATRIX, mayView, scopeOf } from "./matrix-routes";

const ROOT = join(import.meta.dir, "../..");
/**
 * `header`: Authorization: Bearer; `query`: ?token= (a media token where presigned); `both`: the header with another
 * user's token in the query; `cookie`: the browser's session cookie, sent from this site (its Origin).
 */
const CREDENTIALS = ["header", "query", "both", "cookie"] as const;
type Credential = (typeof CREDENTIALS)[number];

const live = setUpServer({
  env: {
    JWT_SECRET: MATRIX_JWT_SECRET,
    DELETION_GRACE_SECONDS: "1",
    LOGIN_MAX_FAILURES_PER_IP: "1000000",
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000",
  },
});
let world: MatrixWorld;
/** A valid media token, but for the decoy track: the wrong one for every cell. */
let decoyMediaToken: string;

beforeAll(async () => {
  world = await prepareWorld(live);
  const presigned = await call<{ url: string }>(live.server, "POST", "/media/presign", {
    token: world.users.owner.token,
    body: { url: `/api/track/${world.decoy.id}/full.mp3` },
  });
  decoyMediaToken = new URL(presigned.body.url, live.server.url).searchParams.get("token") as string;
}, 120_000);

/** The server's route table (Elysia's `routes`), read in a child process with a scratch DATA_DIR. */
function serverRoutes(): string[] {
  const dataDir = mkdtempSync(join(tmpdir(), "stemma-routes-"));
  try {
    const code = `const { api } = await import("./src/server/api.ts");
      console.log(JSON.stringify(api.routes.map((route) => route.method + " " + route.path)));
      process.exit(0);`;
    const run = Bun.spawnSync([process.execPath, "-e", code], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: "" },
    });
    const line = run.stdout.toString().trim().split("\n").at(-1) as string;
    return JSON.parse(line) as string[];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("every route in the server's route table has a matrix entry, and every entry is a route", () => {
  const routes = serverRoutes();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((route) => !MATRIX[route])).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
});

/** Markers of private data and who may see each (beyond the people it belongs to). */
function privateMarkers(who: Identity, path: string): string[] {
  const { users, tracks, decoy } = world;
  const markers: string[] = [];
  for (const [name, session] of Object.entries(users)) {
    // The owners (of the private track, of the fork) see the e-mails of the users it is shared with (sharedWith).
    if (name !== who && !((who === "owner" || who === "forker") && name === "shared")) markers.push(session.user.email);
  }
  const titleSeenBy: Array<[string, Identity[]]> = [
    [tracks.private.title, ["owner", "shared", "admin"]],
    [decoy.title, ["owner", "admin"]],
    [tracks.fork.title, ["forker", "shared", "admin"]],
    [tracks.pending.title, ["admin"]],
    [tracks.deleted.title, ["admin"]],
  ];
  for (const [title, seenBy] of titleSeenBy) {
    // The revoked user was told of the share when it happened: that notification stays theirs.
    const told = who === "revoked" && title === tracks.private.title && path.startsWith("/notifications");
    if (!seenBy.includes(who) && !told) markers.push(title);
  }
  return markers;
}

async function presignedUrl(caller: Caller, path: string): Promise<string | null> {
  const reply = await call<{ url: string }>(live.server, "POST", "/media/presign", {
    token: caller.token ?? undefined,
    body: { url: `/api${path}` },
  });
  return reply.status === 200 ? `${live.server.url}${reply.body.url}` : null;
}

const withQuery = (url: string, token: string) => `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;

/** Who the server should see: a query token is a media token on media routes and nothing elsewhere. */
function identityFor(caller: Caller, credential: Credential, media: boolean, state: TrackState | null): Identity {
  if (credential !== "query") return caller.identity;
  return media && mayView(caller.identity, state) ? caller.identity : "anonymous";
}

/** What a cell saw: Stemma's own status, and the body and type of the answer that carried the content. */
interface Answer {
  status: number;
  text: string;
  contentType: string;
  /** A media redirect's target answered this instead of 200 (null: no redirect, or it served the file). */
  bucketFailure: number | null;
}

async function send(
  request: CellRequest & { method: string },
  caller: Caller,
  credential: Credential,
  media: boolean,
  state: TrackState | null,
): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  let url = `${live.server.url}/api${request.path}`;
  if (caller.token && credential === "cookie") {
    headers.cookie = `${SESSION_COOKIE}=${caller.token}`;
    headers.origin = new URL(live.server.url).origin;
  } else if (caller.token && credential !== "query") headers.authorization = `Bearer ${caller.token}`;
  if (credential === "query" && caller.token) {
    const presigned = media && mayView(caller.identity, state) ? await presignedUrl(caller, request.path) : null;
    url = presigned ?? withQuery(url, caller.token);
  }
  if (credential === "both") url = withQuery(url, media ? decoyMediaToken : world.users.admin.token);
  if (media) {
    // As a browser fetches media: Stemma's answer is the access decision, wherever the bytes then come from.
    const { stemma, served, body } = await fetchMedia(live.server, url, { headers });
    const bucketFailure = stemma !== served && served.status !== 200 ? served.status : null;
    const contentType = served.headers.get("content-type") ?? "";
    return { status: stemma.status, text: new TextDecoder().decode(body), contentType, bucketFailure };
  }
  let body: BodyInit | undefined;
  if (request.multipart) body = new FormData();
  else if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  const response = await fetch(url, { method: request.method, headers, body });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get("content-type") ?? "",
    bucketFailure: null,
  };
}

/** `caller` with a session of its own when it is a signed-in user's session (a route that signs out ends it). */
async function withFreshSession(caller: Caller): Promise<Caller> {
  const session = caller.identity !== "anonymous" && !caller.scopes ? world.users[caller.identity] : undefined;
  if (!session || caller.token !== session.token) return caller;
  const login = await call<{ token: string }>(live.server, "POST", "/auth/login", {
    body: { email: session.user.email, password: session.password },
  });
  return { ...caller, token: login.body.token };
}

interface Cell {
  route: string;
  state: TrackState | null;
  caller: Caller;
  credential: Credential;
}

async function runCell({ route, state, caller, credential }: Cell): Promise<string | null> {
  const entry = MATRIX[route] as (typeof MATRIX)[string];
  const [method, pattern] = route.split(" ") as [string, string];
  const media = entry.media ?? false;
  const who = identityFor(caller, credential, media, state);
  const track = state ? world.tracks[state] : world.tracks.public;
  const request = { ...entry.request(world, track, who), method };
  const sender = entry.signsOut ? await withFreshSession(caller) : caller;
  const { status, text, contentType, bucketFailure } = await send(request, sender, credential, media, state);
  // An access token acts as its user within its scopes; outside them, or on a route only a session may call: 403.
  const scope = scopeOf(route);
  const outOfScope = caller.scopes && scope !== "any" && (scope === "session" || !caller.scopes.includes(scope));
  const expected = outOfScope ? { status: [403] } : entry.expect(who, state);
  // Media a caller may have are served by Stemma (200) or, on a cluster, redirected to the bucket (302), unless
  // Stemma makes them as it sends them.
  const statuses =
    media && !entry.madeAsSent
      ? expected.status.map((code) => (code === 200 ? grantedStatus(live.server, 200) : code))
      : expected.status;
  const where = `${route} [${state ?? "-"}] as ${caller.name} (${credential})`;
  if (!statuses.includes(status)) return `${where}: ${status} ${text.slice(0, 120)}, expected ${statuses.join("/")} as ${who}`;
  if (bucketFailure) return `${where}: the bucket answered ${bucketFailure} at the end of the redirect`;
  if (expected.denied && text !== JSON.stringify({ message: "Track not found" }))
    return `${where}: denial leaks: ${text.slice(0, 120)}`;
  if (pattern === "/api/tracks" && method === "DELETE" && status === 200 && !text.includes('"deletedIds":[]'))
    return `${where}: deleted something: ${text}`;
  if (/json|text|html/.test(contentType)) {
    const leaked = privateMarkers(who, request.path).find((marker) => text.includes(marker));
    if (leaked) return `${where}: carries private data "${leaked}"`;
  }
  return null;
}

function allCells(): Cell[] {
  const cells: Cell[] = [];
  for (const [route, entry] of Object.entries(MATRIX))
    for (const state of entry.perTrack ? TRACK_STATES : [null])
      for (const caller of world.callers)
        for (const credential of CREDENTIALS) {
          // An access token is never a media token: in ?token= it is what a session there is, which the others show.
          if (!(caller.scopes && credential === "query")) cells.push({ route, state, caller, credential });
        }
  return cells;
}

test("every cell answers as the access rules say and leaks nothing", async () => {
  const cells = allCells();
  const failures: string[] = [];
  // Password hashing (login, signup) is the slow part: started first, it overlaps everything else.
  const hashing = (cell: Cell) => (cell.route.startsWith("POST /api/auth/") ? 0 : 1);
  const queue = [...cells].sort((a, b) => hashing(a) - hashing(b));
  const worker = async () => {
    for (let cell = queue.shift(); cell; cell = queue.shift()) {
      const failure = await runCell(cell);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  console.log(
    `authorization matrix: ${cells.length} cells (${Object.keys(MATRIX).length} routes × ${world.callers.length} callers × ` +
      `${TRACK_STATES.length} track states for track routes × ${CREDENTIALS.length} ways to send credentials)`,
  );
  expect(failures).toEqual([]);
}, 120_000);
