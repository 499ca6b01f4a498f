/**
 * The admins' backups: GET and POST /api/admin/backups on a real embedded server with BACKUP_DIR, the run
 * "Back up now" queues (the same one the hourly sweep makes), and a failure told to the admins.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { EMBEDDED } from "../../tests/support/backup";
import { startSingleServer, type TestServer } from "../../tests/support/server";
import { uploadTrack } from "../../tests/support/test-tracks";
import type { NotificationPage } from "../notifications/model";
import type { BackupStatus } from "./model";

const scratch = mkdtempSync(join(tmpdir(), "stemma-backups-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const statusOf = (server: TestServer, session: Session) =>
  call<BackupStatus>(server, "GET", "/admin/backups", { token: session.token });

/** Asks for a backup and waits until it has finished. */
async function backUpNow(server: TestServer, admin: Session): Promise<BackupStatus> {
  const before = (await statusOf(server, admin)).body.last?.startedAt;
  const asked = await call<BackupStatus>(server, "POST", "/admin/backups", { token: admin.token });
  expect(asked.status).toBe(202);
  for (let waited = 0; waited < 60_000; waited += 100) {
    const { body } = await statusOf(server, admin);
    if (body.last && body.last.startedAt !== before && body.last.status !== "RUNNING") return body;
    await Bun.sleep(100);
  }
  throw new Error("the backup did not finish in a minute");
}

describe("with BACKUP_DIR", () => {
  const folder = join(scratch, "backups");
  let server: TestServer;
  let admin: Session;
  let user: Session;

  beforeAll(async () => {
    server = await startSingleServer({ env: { ...EMBEDDED, BACKUP_DIR: folder, BACKUP_KEEP: "2" } });
    admin = await signUp(server); // the first account is the admin
    user = await signUp(server);
    await uploadTrack(server, user, { title: "Kept", original: "real-audio/audio-lena.flac", originalFormat: "flac" });
  }, 120_000);
  afterAll(() => server?.stop());

  test("visitors and users may neither read nor start backups", async () => {
    expect((await call(server, "GET", "/admin/backups")).status).toBe(401);
    expect((await call(server, "POST", "/admin/backups")).status).toBe(401);
    expect((await statusOf(server, user)).status).toBe(403);
    expect((await call(server, "POST", "/admin/backups", { token: user.token })).status).toBe(403);
  });

  test("before any backup: the schedule, and no last backup", async () => {
    const { status, body } = await statusOf(server, admin);
    expect([status, body]).toEqual([200, { enabled: true, intervalHours: 24, keep: 2, last: null }]);
  });

  test("Back up now writes a verified backup and the screen shows when, how big, how long", async () => {
    const { last } = await backUpNow(server, admin);
    expect(last).toMatchObject({ status: "SUCCEEDED", trigger: "MANUAL", verified: true, error: null });
    expect(last?.objectCount).toBeGreaterThanOrEqual(2); // the original and its stream MP3 at least
    expect(last?.sizeBytes).toBeGreaterThan(last?.objectCount ?? 0);
    expect(last?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(last?.finishedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(last?.startedAt ?? ""));
    expect(readdirSync(folder).filter((name) => name.endsWith("Z"))).toHaveLength(1);
  });

  test("a second one copies nothing, and BACKUP_KEEP bounds how many are kept", async () => {
    for (let i = 0; i < 2; i++) {
      const { last } = await backUpNow(server, admin);
      expect(last).toMatchObject({ status: "SUCCEEDED", copiedBytes: 0 });
    }
    expect(readdirSync(folder).filter((name) => name.endsWith("Z"))).toHaveLength(2);
  });
});

describe("a backup that fails", () => {
  let server: TestServer;
  let admin: Session;
  const notAFolder = join(scratch, "a-file");

  beforeAll(async () => {
    writeFileSync(notAFolder, "");
    server = await startSingleServer({ env: { ...EMBEDDED, BACKUP_DIR: notAFolder } });
    admin = await signUp(server);
  }, 120_000);
  afterAll(() => server?.stop());

  test("is shown failed with its reason, and every admin is told", async () => {
    const { last } = await backUpNow(server, admin);
    expect(last).toMatchObject({ status: "FAILED", verified: false, sizeBytes: null });
    expect(last?.error).toContain("EEXIST");
    const notifications = await call<NotificationPage>(server, "GET", "/notifications", { token: admin.token });
    expect(notifications.body.items).toContainEqual(
      expect.objectContaining({
        title: "Backup failed",
        message: expect.stringContaining(`The backup into ${notAFolder} failed`),
      }),
    );
    expect(existsSync(`${notAFolder}.partial`)).toBe(false);
  });
});

describe("without BACKUP_DIR", () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startSingleServer({ env: EMBEDDED });
    admin = await signUp(server);
  }, 120_000);
  afterAll(() => server?.stop());

  test("the screen says backups are off, and Back up now is refused with how to set them up", async () => {
    expect((await statusOf(server, admin)).body).toEqual({ enabled: false, intervalHours: null, keep: null, last: null });
    const asked = await call<{ message: string }>(server, "POST", "/admin/backups", { token: admin.token });
    expect([asked.status, asked.body.message]).toEqual([
      400,
      "Backups are not set up: set BACKUP_DIR (see docs/operating.md, Backups) and restart",
    ]);
  });
});
