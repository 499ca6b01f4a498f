/**
 * The account export end to end on a real server: the zip holds the originals, stems and cover byte for byte and a
 * stemma.json naming other people by username only; nobody but the owner starts, lists or downloads it; asking
 * twice makes one; a new one replaces the old; three a day; and a kill -9 mid-way still ends READY after a restart.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { downloadZip, startExport, unzip, waitExport, zipNames } from "../../tests/support/exports";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedBytes, storedKeys } from "../../tests/support/stored-files";
import { CORPUS, uploadTrack } from "../../tests/support/test-tracks";
import { uploadTiny } from "../../tests/support/uploads";
import type { NotificationPage } from "../notifications/model";
import type { TrackDetails } from "../tracks/model";
import type { AccountExport, AccountExportList } from "./model";

const ORIGINAL = "stems/Nova Drift - Undertow (full mix).wav";
const STEM = "stems/Nova Drift - Undertow - bass.wav";
const COVER = "images/matplotlib-Minduka_Present_Blue_Pack.png";

const live = setUpServer({ env: { JOB_LEASE_SECONDS: "5" } });
let owner: Session;
let friend: Session;
let stranger: Session;
let mine: TrackDetails;
let theirs: TrackDetails;
let sharedWithOwner: TrackDetails;
let forkId: string;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  [owner, friend, stranger] = [await signUp(live.server), await signUp(live.server), await signUp(live.server)];
  [mine, theirs, sharedWithOwner] = await Promise.all([
    uploadTrack(live.server, owner, {
      title: "Undertow Café",
      original: ORIGINAL,
      originalFormat: "wav",
      isPublic: false,
      cover: COVER,
      stems: [{ path: STEM, name: "Bass / Low end", type: "bass" }],
    }),
    uploadTrack(live.server, friend, { title: "Friend's Tune", original: ORIGINAL, originalFormat: "wav" }),
    uploadTrack(live.server, friend, { title: "For the owner", original: ORIGINAL, originalFormat: "wav", isPublic: false }),
  ]);
  await call(live.server, "POST", `/track/${mine.id}/share`, { token: owner.token, body: { userIds: [friend.user.id] } });
  await call(live.server, "POST", `/track/${sharedWithOwner.id}/share`, {
    token: friend.token,
    body: { userIds: [owner.user.id] },
  });
  const fork = await call<{ id: string }>(live.server, "POST", `/track/${theirs.id}/fork`, {
    token: owner.token,
    body: { title: "My fork" },
  });
  expect(fork.status).toBe(201);
  forkId = fork.body.id;
  // What the owner said on the friend's track, and whom they follow.
  const comment = await call(live.server, "POST", `/track/${theirs.id}/comments`, {
    token: owner.token,
    body: { body: "Lovely bass line", atSeconds: 1 },
  });
  expect(comment.status).toBe(201);
  expect((await call(live.server, "POST", `/users/${friend.user.username}/follow`, { token: owner.token })).status).toBe(200);
}, 120_000);

const list = async (session: Session | null) =>
  call<AccountExportList>(live.server, "GET", "/auth/me/exports", { token: session?.token });

let first: AccountExport;
let zipFolder: string;

test("asking twice at once makes one export, PENDING, then READY with a download link, and the owner is told", async () => {
  const [a, b] = await Promise.all([startExport(live.server, owner), startExport(live.server, owner)]);
  expect(a.id).toBe(b.id);
  expect(a).toMatchObject({ status: "PENDING", downloadUrl: null, sizeBytes: null });
  first = await waitExport(live.server, owner, a.id);
  expect(first.status).toBe("READY");
  expect(first.downloadUrl).toStartWith(`/api/auth/me/exports/${a.id}/download?token=`);
  const expiresIn = Date.parse(first.expiresAt as string) - Date.parse(first.readyAt as string);
  expect(expiresIn).toBe(7 * 24 * 3600 * 1000);
  const notifications = await call<NotificationPage>(live.server, "GET", "/notifications", { token: owner.token });
  expect(notifications.body.items.map((item) => item.title)).toContain("Your data export is ready");
});

test("the zip holds originals, stems and the cover byte for byte, and stemma.json names others by username only", async () => {
  const { path, response } = await downloadZip(live.server, first.downloadUrl as string);
  folders.push(join(path, ".."));
  expect(response.headers.get("content-type")).toBe("application/zip");
  const date = first.createdAt.slice(0, 10);
  const root = `stemma-export-${owner.user.username}-${date}`;
  expect(response.headers.get("content-disposition")).toContain(`attachment; filename="${root}.zip"`);
  expect(Number(response.headers.get("content-length"))).toBe(first.sizeBytes as number);

  const folder = `${root}/tracks/Undertow Café-${mine.id}`;
  const forkFolder = `${root}/tracks/My fork-${forkId}`;
  expect(zipNames(path).sort()).toEqual(
    [
      `${root}/stemma.json`,
      `${folder}/original.wav`,
      `${folder}/cover.webp`,
      `${folder}/stems/01-Bass Low end.wav`,
      `${forkFolder}/original.wav`,
      `${forkFolder}/cover.webp`,
    ]
      .filter((name) => !name.startsWith(`${forkFolder}/cover`))
      .sort(),
  );
  zipFolder = unzip(path);
  folders.push(zipFolder);
  const read = (name: string) => new Uint8Array(readFileSync(join(zipFolder, name)));
  const corpus = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
  expect(read(`${folder}/original.wav`)).toEqual(corpus(ORIGINAL));
  expect(read(`${folder}/stems/01-Bass Low end.wav`)).toEqual(corpus(STEM));
  expect(read(`${forkFolder}/original.wav`)).toEqual(corpus(ORIGINAL));
  const cover = await storedBytes(live.server, `tracks/${mine.id}/cover-page2x.webp`);
  expect(cover?.byteLength).toBeGreaterThan(0);
  expect(Buffer.from(read(`${folder}/cover.webp`)).equals(Buffer.from(cover as Uint8Array))).toBe(true);

  const text = readFileSync(join(zipFolder, `${root}/stemma.json`), "utf8");
  for (const other of [friend, stranger]) expect(text).not.toContain(other.user.email);
  const manifest = JSON.parse(text);
  expect(manifest.profile).toMatchObject({ id: owner.user.id, username: owner.user.username, email: owner.user.email });
  expect(Object.keys(manifest.profile)).not.toContain("passwordHash");
  expect(manifest.tracks.map((track: { id: string }) => track.id)).toEqual([mine.id, forkId]);
  expect(manifest.tracks[0]).toMatchObject({
    title: "Undertow Café",
    isPublic: false,
    sharedWith: [friend.user.username],
    files: { original: `tracks/Undertow Café-${mine.id}/original.wav`, cover: `tracks/Undertow Café-${mine.id}/cover.webp` },
    stems: [{ name: "Bass / Low end", type: "bass", file: `tracks/Undertow Café-${mine.id}/stems/01-Bass Low end.wav` }],
  });
  expect(manifest.shares.given).toEqual([{ trackId: mine.id, trackTitle: "Undertow Café", username: friend.user.username }]);
  expect(manifest.shares.received).toEqual([
    expect.objectContaining({ trackId: sharedWithOwner.id, trackTitle: "For the owner", owner: friend.user.username }),
  ]);
  expect(manifest.forks).toEqual([
    expect.objectContaining({
      trackId: forkId,
      title: "My fork",
      origin: { id: theirs.id, title: "Friend's Tune", owner: friend.user.username },
    }),
  ]);
  expect(manifest.comments).toEqual([
    expect.objectContaining({ trackId: theirs.id, parentId: null, body: "Lovely bass line", atSeconds: 1 }),
  ]);
  expect(manifest.following).toEqual([{ username: friend.user.username, since: expect.any(String) }]);
  // The share the friend made is among the owner's notifications; the export's own is not yet (it came after).
  expect(manifest.notifications.length).toBeGreaterThan(0);
  expect(JSON.stringify(manifest.notifications)).toContain("For the owner");
});

describe("only the owner", () => {
  const download = (url: string, session: Session | null) =>
    fetch(`${live.server.url}${url}`, { headers: session ? { authorization: `Bearer ${session.token}` } : {} });
  const bare = () => `/api/auth/me/exports/${first.id}/download`;

  test("lists it: another user's list does not show it, a visitor gets 401", async () => {
    expect((await list(stranger)).body).toEqual([]);
    expect((await list(null)).status).toBe(401);
    expect((await call(live.server, "POST", "/auth/me/export", {})).status).toBe(401);
  });

  test("downloads it: by the bearer header or the link's token; others get 404, nobody 401", async () => {
    expect((await download(bare(), owner)).status).toBe(200);
    expect((await download(first.downloadUrl as string, null)).status).toBe(200);
    for (const session of [stranger, friend]) {
      const denied = await download(bare(), session);
      expect(denied.status).toBe(404);
      expect(await denied.json()).toEqual({ message: "Export not found" });
      // A bearer caller is that caller, whatever token the URL carries.
      expect((await download(first.downloadUrl as string, session)).status).toBe(404);
    }
    expect((await download(bare(), null)).status).toBe(401);
    // A session token is no media token; a track's media token is not an export's, nor the other way round.
    expect((await download(`${bare()}?token=${owner.token}`, null)).status).toBe(401);
    const presigned = await call<{ url: string }>(live.server, "POST", "/media/presign", {
      token: owner.token,
      body: { url: `/api/track/${mine.id}/original` },
    });
    const trackToken = new URL(presigned.body.url, live.server.url).searchParams.get("token") as string;
    expect((await download(`${bare()}?token=${encodeURIComponent(trackToken)}`, null)).status).toBe(401);
    const exportToken = new URL(first.downloadUrl as string, live.server.url).searchParams.get("token") as string;
    expect((await download(`/api/track/${mine.id}/original?token=${encodeURIComponent(exportToken)}`, null)).status).toBe(404);
    expect((await download(`/api/auth/me/exports/not-an-export/download?token=${exportToken}`, null)).status).toBe(401);
  });

  test("a Range request gets 206 with the bytes asked for", async () => {
    const response = await fetch(`${live.server.url}${first.downloadUrl}`, { headers: { range: "bytes=0-3" } });
    expect(response.status).toBe(206);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
  });
});

test("a new export replaces the ready one (its zip goes), and a fourth in a day is refused with 429", async () => {
  const second = await waitExport(live.server, owner, (await startExport(live.server, owner)).id);
  expect(second.status).toBe("READY");
  // The older one goes right after the new one is marked READY (on a cluster, a worker deleting from the bucket).
  const listed = async () => (await list(owner)).body.map((item) => item.id);
  for (const started = Date.now(); (await listed()).length > 1 && Date.now() - started < 10_000; ) await Bun.sleep(100);
  expect(await listed()).toEqual([second.id]);
  expect(await storedKeys(live.server, "exports/")).toEqual([`exports/${owner.user.id}/${second.id}.zip`]);
  const replaced = await fetch(`${live.server.url}${first.downloadUrl}`);
  expect(replaced.status).toBe(404);

  const third = await waitExport(live.server, owner, (await startExport(live.server, owner)).id);
  expect(third.status).toBe("READY");
  const refused = await call<{ message: string }>(live.server, "POST", "/auth/me/export", { token: owner.token });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/^You can start 3 exports a day\. Try again in \d+ (hours|minutes?)\.$/);
});

test("hostile titles and stem names become safe names inside one folder: nothing climbs out when unzipped", async () => {
  const hostile = await signUp(live.server);
  const titles = ["../../../etc/passwd", "..", "a\\b/c", "CON", "bell\u0007\nnewline", `long ${"x".repeat(190)}`, "🎵 Tune"];
  for (const title of titles) await uploadTiny(live.server, hostile, { title });
  const ready = await waitExport(live.server, hostile, (await startExport(live.server, hostile)).id);
  expect(ready.status).toBe("READY");
  const { path } = await downloadZip(live.server, ready.downloadUrl as string);
  folders.push(join(path, ".."));
  const root = `stemma-export-${hostile.user.username}-${ready.createdAt.slice(0, 10)}`;
  const names = zipNames(path);
  expect(names).toHaveLength(titles.length + 1);
  for (const name of names) {
    expect(name.startsWith(`${root}/`)).toBe(true);
    const segments = name.split("/");
    expect(segments.filter((segment) => segment === ".." || segment === "." || segment === "")).toEqual([]);
    expect(name).not.toMatch(/[\\\p{Cc}\p{Cf}]/u);
    for (const segment of segments) expect(Array.from(segment).length).toBeLessThanOrEqual(60 + 1 + 36);
  }
  // A Windows device name is no file name there: it gets a prefix.
  expect(names.some((name) => name.startsWith(`${root}/tracks/_CON-`))).toBe(true);
  const unzipped = unzip(path);
  folders.push(unzipped);
  // Everything landed under the one root folder.
  expect(readdirSync(unzipped)).toEqual([root]);
  expect(readdirSync(join(unzipped, root, "tracks"))).toHaveLength(titles.length);
}, 60_000);

/**
 * Makes a PENDING export in the stopped server's database through the module's own repo, as a crash between the
 * insert and the enqueue leaves it: a row and no job. A process of its own, with a runtime on the server's DATA_DIR.
 */
function pendingWithoutJob(userId: string): string {
  const code = `import { exportsRepo } from ${JSON.stringify(join(import.meta.dir, "repo.ts"))};
import { startRuntime } from ${JSON.stringify(join(import.meta.dir, "../../src/server/open-runtime.ts"))};
await startRuntime({ queue: false });
const outcome = await exportsRepo.start(${JSON.stringify(userId)}, async () => null);
if (outcome.kind !== "created") throw new Error(outcome.kind);
console.log(outcome.row.id);`;
  const env = { ...process.env, DATA_DIR: live.server.dataDir, DATABASE_URL: live.server.databaseUrl ?? "" };
  const run = Bun.spawnSync(["bun", "-e", code], { env, stderr: "pipe" });
  expect(run.stderr.toString()).toBe("");
  return run.stdout.toString().trim();
}

test("an export left PENDING without its job (a crash before the enqueue) is made at the next boot", async () => {
  await live.server.stop({ keepData: true });
  const id = pendingWithoutJob(friend.user.id);
  await live.restartServer();
  const ready = await waitExport(live.server, friend, id);
  expect(ready.status).toBe("READY");
  expect(live.server.output()).toContain("re-queued account exports still pending");
}, 60_000);

test("kill -9 while an export is pending: after a restart it still ends READY, whole", async () => {
  const pending = await startExport(live.server, stranger);
  await live.server.kill();
  await live.restartServer();
  const ready = await waitExport(live.server, stranger, pending.id);
  expect(ready.status).toBe("READY");
  const { path } = await downloadZip(live.server, ready.downloadUrl as string);
  folders.push(join(path, ".."));
  expect(zipNames(path)).toEqual([`stemma-export-${stranger.user.username}-${ready.createdAt.slice(0, 10)}/stemma.json`]);
  folders.push(unzip(path));
  // The job may run twice after a crash (a retry of the killed run, and the boot's re-queue): wait for a late one.
  const partial = async () => (await storedKeys(live.server)).filter((key) => key.startsWith(".partial/"));
  for (const deadline = Date.now() + 30_000; (await partial()).length > 0 && Date.now() < deadline; ) await Bun.sleep(200);
  expect(await partial()).toEqual([]);
  // Through the store, local or the cluster's bucket: one zip, the export's own.
  expect(await storedKeys(live.server, `exports/${stranger.user.id}/`)).toEqual([
    `exports/${stranger.user.id}/${pending.id}.zip`,
  ]);
}, 60_000);
