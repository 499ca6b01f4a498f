import { config } from "../../src/server/config";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { findViewer } from "../auth/service";
import { notifyUsers } from "../notifications/service";
import { storeZip } from "./archive";
import { inventoryOf } from "./manifest";
import { exportsRepo } from "./repo";

/** Where an export's zip is stored: one key per export, so a second run replaces only its own file. */
export const exportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

/** The folder everything sits in once unzipped, and the download's name: whose, and from when. */
export const exportName = (username: string, createdAt: Date) =>
  `stemma-export-${username}-${createdAt.toISOString().slice(0, 10)}`;

/**
 * Job `account.export`: gathers the inventory, streams the zip into the store, marks the row READY and tells the
 * user. Idempotent: only a PENDING row is worked on, the zip goes to the export's own key (replaced whole by a
 * second run), and only one run can mark it READY. Any error ends FAILED (the user is told and may start again);
 * a crash leaves it PENDING, and the job runs again (the queue's retry, or the boot's re-queue).
 */
export async function runExport(exportId: string, signal: AbortSignal): Promise<void> {
  const row = await exportsRepo.find(exportId);
  if (row?.status !== "PENDING") return;
  const viewer = await findViewer(row.userId);
  if (!viewer) {
    await exportsRepo.markFailed(exportId);
    return;
  }
  const key = exportKey(row.userId, row.id);
  const startedAt = Date.now();
  try {
    const root = exportName(viewer.username, row.createdAt);
    const { manifest, entries } = await inventoryOf(viewer, root, new Date());
    const json = { path: `${root}/stemma.json`, json: `${JSON.stringify(manifest, null, 2)}\n` };
    const stored = await storeZip(key, json, entries, signal);
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + config().exportTtlSeconds * 1000);
    if (!(await exportsRepo.markReady(row.id, { fileKey: key, sizeBytes: stored.size, readyAt, expiresAt }))) {
      // Another run finished first (it named this very key: keep it), or the row went (the account): remove the zip.
      if ((await exportsRepo.find(row.id))?.fileKey !== key) await fileStore().delete(key);
      return;
    }
    await replaceOlderExports(row.userId, row.id);
    await notifyUsers([row.userId], {
      title: "Your data export is ready",
      message: `Download it from Settings until ${expiresAt.toISOString().slice(0, 10)}.`,
      type: "info",
      link: "/settings",
    });
    log.info("account export finished", { exportId, files: entries.length, bytes: stored.size, ms: Date.now() - startedAt });
  } catch (error) {
    log.warn("account export failed", { exportId, error: error instanceof Error ? error.message : String(error) });
    if (await exportsRepo.markFailed(row.id)) {
      await fileStore().delete(key);
      await notifyUsers([row.userId], {
        title: "Your data export failed",
        message: "It could not be made. You can start a new export from Settings.",
        type: "info",
        link: "/settings",
      });
    }
  }
}

/** A new export replaces the older ready ones, so an account holds one zip at a time whatever it asks for. */
async function replaceOlderExports(userId: string, keepId: string): Promise<void> {
  for (const older of await exportsRepo.readyOtherThan(userId, keepId)) {
    if (older.fileKey) await fileStore().delete(older.fileKey);
    await exportsRepo.remove(older.id);
  }
}

/**
 * Job `account.expire-exports`: deletes zips past their time, file first, so a crash in between leaves a row the
 * next sweep finishes rather than a file nothing names; failed exports' rows go after as long.
 */
export async function expireExports(): Promise<void> {
  const now = new Date();
  for (const expired of await exportsRepo.expired(now, new Date(now.getTime() - config().exportTtlSeconds * 1000))) {
    if (expired.fileKey) await fileStore().delete(expired.fileKey);
    await exportsRepo.remove(expired.id);
  }
}
