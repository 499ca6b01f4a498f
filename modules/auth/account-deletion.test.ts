/**
 * DELETE /api/auth/me (Settings › Delete account) and GET /api/auth/me/deletion, on a server whose deletion grace is
 * 2 s: with the password, every session ends at once, the user's tracks enter PENDING_DELETION, shares with them end,
 * their avatar goes; forks others made keep playing and their lineage names "a deleted user"; once the grace is
 * over, the username and address are free for anyone. The last admin cannot leave; a wrong or missing password,
 * or no session, changes nothing.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { call, type Session, signUp } from "../../tests/support/api";
import { runSql } from "../../tests/support/database-rows";
import { setUpServer } from "../../tests/support/lifecycle";
import { fetchMedia, grantedStatus } from "../../tests/support/media-fetch";
import { storedKeys } from "../../tests/support/stored-files";
import { createTrack, uploadTiny, waitForProcessing } from "../../tests/support/uploads";
import type { Lineage } from "../forks/model";
import type { TrackDetails } from "../tracks/model";
import type { AccountDeletion } from "./model";

const GRACE_SECONDS = 2;
/** Every test account's (tests/support/api.ts signUp). */
const PASSWORD = "Secret123";
const live = setUpServer({ env: { DELETION_GRACE_SECONDS: String(GRACE_SECONDS) } });
type Account = Session & { password: string };
let admin: Account;
let listener: Account;

beforeAll(async () => {
  admin = await signUp(live.server); // the first account is the only admin
  listener = await signUp(live.server);
}, 30_000);

const deleteAccount = (token: string | undefined, body: unknown) =>
  call<{ success?: boolean; message?: string }>(live.server, "DELETE", "/auth/me", { token, body });
const deletion = async (token: string) => (await call<AccountDeletion>(live.server, "GET", "/auth/me/deletion", { token })).body;
const login = (session: Account, password = session.password) =>
  call<{ message?: string }>(live.server, "POST", "/auth/login", { body: { email: session.user.email, password } });
const track = (id: string, token?: string) =>
  call<TrackDetails & { message?: string }>(live.server, "GET", `/track/${id}`, { token });
const avatarPng = () => Bun.file(`${import.meta.dir}/../../tests/fixtures/images/matplotlib-Minduka_Present_Blue_Pack.png`);

async function publicTrack(owner: Session): Promise<string> {
  const id = await uploadTiny(live.server, owner, { isPublic: true });
  await waitForProcessing(live.server, owner.token, id);
  return id;
}

/** Waits out the grace and runs the sweep's work by waiting for it: the sweep runs every quarter of the grace. */
async function afterGrace(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the deleted account was not purged");
    await Bun.sleep(250);
  }
}

describe("what the dialog names", () => {
  test("the number of tracks, the grace period in days, and whether the caller is the last admin", async () => {
    const owner = await signUp(live.server);
    await uploadTiny(live.server, owner);
    await uploadTiny(live.server, owner);
    expect(await deletion(owner.token)).toEqual({ trackCount: 2, graceDays: 1, lastAdmin: false });
    expect((await deletion(admin.token)).lastAdmin).toBe(true);
    expect((await call(live.server, "GET", "/auth/me/deletion")).status).toBe(401);
  });
});

describe("deleting an account", () => {
  test("ends every session, deletes the tracks, ends shares, and signs nobody in", async () => {
    const owner = await signUp(live.server);
    const other = await login(owner);
    expect(other.status).toBe(200);
    const own = await publicTrack(owner);
    const sharedWithOwner = await uploadTiny(live.server, listener);
    expect(
      (
        await call(live.server, "POST", `/track/${sharedWithOwner}/share`, {
          token: listener.token,
          body: { userIds: [owner.user.id] },
        })
      ).status,
    ).toBe(200);
    const withAvatar = await fetch(`${live.server.url}/api/auth/me/avatar`, {
      method: "PUT",
      headers: { authorization: `Bearer ${owner.token}` },
      body: (() => {
        const form = new FormData();
        form.append("avatar", avatarPng(), "me.png");
        return form;
      })(),
    });
    expect(withAvatar.status).toBe(200);

    const deleted = await deleteAccount(owner.token, { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    // Every session is over, this one and the other device's.
    expect((await call(live.server, "GET", "/auth/me", { token: owner.token })).status).toBe(401);
    expect((await call(live.server, "GET", "/auth/me", { token: (other.body as unknown as Session).token })).status).toBe(401);
    // Nobody signs in with the old password; the answer is a wrong password's, so it tells nothing.
    expect(await login(owner)).toMatchObject({ status: 401, body: { message: "Invalid email or password" } });
    // The public track is gone for everyone, and the listener's share with the owner is over.
    expect((await track(own)).status).toBe(404);
    expect(await runSql(live.server, "select status from tracks where id = ?", own)).toEqual([{ status: "PENDING_DELETION" }]);
    expect((await track(sharedWithOwner, listener.token)).body.sharedWith).toEqual([]);
    // The avatar's files and address are gone, and the share picker no longer offers the account.
    expect(await storedKeys(live.server, `avatars/${owner.user.id}/`)).toEqual([]);
    expect((await fetch(`${live.server.url}/api/auth/users/${owner.user.id}/avatar`)).status).toBe(404);
    const picker = await call<Array<{ id: string }>>(live.server, "GET", "/auth/users", { token: listener.token });
    expect(picker.body.map((user) => user.id)).not.toContain(owner.user.id);
    const byEmail = await call<unknown[]>(live.server, "GET", `/auth/users?email=${encodeURIComponent(owner.user.email)}`, {
      token: listener.token,
    });
    expect(byEmail.body).toEqual([]);
    // A reset link asked for afterwards does nothing, and the admin cannot make one.
    const reset = await call<{ message: string }>(live.server, "POST", `/admin/users/${owner.user.id}/password-reset`, {
      token: admin.token,
    });
    expect(reset.status).toBe(404);
  });

  test("forks others made keep playing, and their lineage names a deleted user", async () => {
    const owner = await signUp(live.server);
    // Forks are of tracks with stems (SPEC §6).
    const stems = "stems/Nova Drift - Undertow";
    const original = await createTrack(live.server, owner.token, {
      original: `${stems} (full mix).wav`,
      stems: [{ path: `${stems} - bass.wav`, name: "Bass", type: "bass" }],
      data: { title: "Undertow", primaryArtistName: "Nova Drift", isPublic: true },
    });
    await waitForProcessing(live.server, owner.token, original);
    const forked = await call<{ id: string }>(live.server, "POST", `/track/${original}/fork`, {
      token: listener.token,
      body: { title: "Undertow (Fork)" },
    });
    expect(forked.status).toBe(201);
    const fork = forked.body.id;
    await waitForProcessing(live.server, listener.token, fork);
    const before = await call<Lineage>(live.server, "GET", `/track/${fork}/lineage`, { token: listener.token });
    expect(before.body.ancestors[0]).toMatchObject({ available: true, user: { username: owner.user.username } });

    expect((await deleteAccount(owner.token, { password: PASSWORD })).status).toBe(200);
    const after = await call<Lineage>(live.server, "GET", `/track/${fork}/lineage`, { token: listener.token });
    expect(after.body.ancestors).toEqual([{ available: false, ownerDeleted: true }]);
    expect(JSON.stringify(after.body)).not.toContain(owner.user.username);

    // After the grace the original's files are purged, and the fork still plays from the files it shares.
    await afterGrace(
      async () =>
        (await runSql<{ status: string }>(live.server, "select status from tracks where id = ?", original))[0]?.status ===
        "DELETED",
    );
    const media = await fetchMedia(live.server, `/api/track/${fork}/full.mp3`, {
      headers: { authorization: `Bearer ${listener.token}` },
    });
    expect(media.stemma.status).toBe(grantedStatus(live.server, 200));
    expect(media.body.length).toBeGreaterThan(1000);
    expect((await track(fork, listener.token)).status).toBe(200);
  });

  test("after the grace period the username and address are free for a new account", async () => {
    const owner = await signUp(live.server);
    expect((await deleteAccount(owner.token, { password: PASSWORD })).status).toBe(200);
    // Held meanwhile: nobody can pose as the person who just left.
    const early = await call<{ message: string }>(live.server, "POST", "/auth/signup", {
      body: { email: owner.user.email, username: `${owner.user.username}x`, password: PASSWORD },
    });
    expect(early).toMatchObject({ status: 409 });
    await afterGrace(
      async () =>
        (await runSql<{ username: string }>(live.server, "select username from users where id = ?", owner.user.id))[0]
          ?.username === `deleted-${owner.user.id}`,
    );
    const [row] = await runSql<Record<string, unknown>>(
      live.server,
      "select email, password_hash, display_name, bio, avatar_key from users where id = ?",
      owner.user.id,
    );
    expect(row).toEqual({
      email: `${owner.user.id}@deleted.invalid`,
      password_hash: "",
      display_name: null,
      bio: "",
      avatar_key: null,
    });
    const again = await call<Session>(live.server, "POST", "/auth/signup", {
      body: { email: owner.user.email, username: owner.user.username, password: PASSWORD },
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(owner.user.id);
  });
});

describe("refused", () => {
  test("a wrong, empty or missing password changes nothing", async () => {
    const owner = await signUp(live.server);
    const own = await publicTrack(owner);
    expect(await deleteAccount(owner.token, { password: "wrong-password" })).toMatchObject({
      status: 400,
      body: { message: "Current password is incorrect" },
    });
    expect((await deleteAccount(owner.token, { password: "" })).status).toBe(400);
    expect((await deleteAccount(owner.token, {})).status).toBe(400);
    expect((await deleteAccount(owner.token, undefined)).status).toBe(400);
    expect((await call(live.server, "GET", "/auth/me", { token: owner.token })).status).toBe(200);
    expect((await track(own)).status).toBe(200);
  });

  test("without a session: 401", async () => {
    expect((await deleteAccount(undefined, { password: PASSWORD })).status).toBe(401);
  });

  test("the last admin cannot delete their account; with a second admin they can", async () => {
    expect(await deleteAccount(admin.token, { password: PASSWORD })).toMatchObject({
      status: 409,
      body: { message: "You are the only admin. Another account must be an admin before you can delete yours." },
    });
    expect((await call(live.server, "GET", "/auth/me", { token: admin.token })).status).toBe(200);
    const second = await signUp(live.server);
    await runSql(live.server, "update users set role = 'ADMIN' where id = ?", second.user.id);
    expect((await deleteAccount(admin.token, { password: PASSWORD })).status).toBe(200);
    expect(await deleteAccount(second.token, { password: PASSWORD })).toMatchObject({ status: 409 });
  });
});
