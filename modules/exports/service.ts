import { conflict, HttpError, notFound, unauthorized } from "../../src/server/errors";
import { findViewer, type Viewer } from "../auth/service";
import { attachmentDisposition, resourceTokenHolder, sendStoredFile, signResourceToken } from "../media/service";
import type { AccountExport, AccountExportList } from "./model";
import { exportsRepo } from "./repo";
import { exportName } from "./run";
import type { AccountExport as ExportRow } from "./schema";

/** The module's public surface: the job handlers, and the reads its routes answer. */
export { expireExports, runExport } from "./run";

/** What the media token of an export names: never a bare id, so it cannot pass for a track's token. */
const tokenResource = (exportId: string) => `export:${exportId}`;

export function exportView(row: ExportRow, userId: string): AccountExport {
  const ready = row.status === "READY" && row.fileKey !== null;
  const token = ready ? signResourceToken(tokenResource(row.id), userId).token : null;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    downloadUrl: token ? `/api/auth/me/exports/${row.id}/download?token=${encodeURIComponent(token)}` : null,
  };
}

/** GET /api/auth/me/exports: the user's exports, newest first, each READY one with a fresh download link. */
export async function listExports(viewer: Viewer): Promise<AccountExportList> {
  const now = Date.now();
  return (await exportsRepo.listForUser(viewer.id))
    .filter((row) => !isExpired(row, now))
    .map((row) => exportView(row, viewer.id));
}

const isExpired = (row: ExportRow, now: number) => row.status === "READY" && (row.expiresAt?.getTime() ?? 0) <= now;

/**
 * GET /api/auth/me/exports/{id}/download: the zip, to its owner only, signed in by the bearer header or holding the
 * export's media token (a plain link cannot send the header). Anyone else gets the 404 of an export that does not
 * exist; nobody at all, 401. An expired one not yet swept is 410.
 */
export async function downloadExport(request: Request, id: string, viewer: Viewer | null, token: string | undefined) {
  const holderId = viewer?.id ?? (token ? resourceTokenHolder(token, tokenResource(id)) : null);
  if (!holderId) throw unauthorized();
  const row = await exportsRepo.find(id);
  if (!row || row.userId !== holderId) throw notFound("Export not found");
  if (row.status === "PENDING") throw conflict("This export is still being prepared");
  if (row.status === "FAILED" || !row.fileKey) throw conflict("This export failed: start a new one from Settings");
  if (isExpired(row, Date.now())) throw new HttpError(410, "This export has expired: start a new one from Settings");
  const owner = viewer ?? (await findViewer(holderId));
  if (!owner) throw notFound("Export not found");
  return sendStoredFile(request, row.fileKey, {
    contentType: "application/zip",
    disposition: attachmentDisposition(exportName(owner.username, row.createdAt), "zip"),
    missing: "Export not found",
  });
}
