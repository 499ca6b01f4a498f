import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AccountExport, AccountExportList } from "../../modules/exports/model";
import { call } from "./api";
import type { TestServer } from "./server";

/** Account exports (modules/exports) as a user drives them: start, poll until settled, download, unzip. */

export async function startExport(server: TestServer, session: { token: string }): Promise<AccountExport> {
  const reply = await call<AccountExport>(server, "POST", "/auth/me/export", { token: session.token });
  if (reply.status !== 202) throw new Error(`export refused: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Polls GET /api/auth/me/exports until the export `id` is READY or FAILED. */
export async function waitExport(server: TestServer, session: { token: string }, id: string, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await Bun.sleep(100)) {
    const list = await call<AccountExportList>(server, "GET", "/auth/me/exports", { token: session.token });
    const found = list.body.find((candidate) => candidate.id === id);
    if (found && found.status !== "PENDING") return found;
  }
  throw new Error(`export ${id} still pending after ${timeoutMs} ms`);
}

/** Fetches a download URL (following a bucket redirect) into a fresh temporary folder's export.zip. */
export async function downloadZip(server: TestServer, url: string): Promise<{ path: string; response: Response }> {
  const response = await fetch(`${server.url}${url}`);
  if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
  const path = join(mkdtempSync(join(tmpdir(), "stemma-export-")), "export.zip");
  await Bun.write(path, response);
  return { path, response };
}

/** The names in a zip, as the Info-ZIP tools read them. */
export function zipNames(zip: string): string[] {
  const run = Bun.spawnSync(["zipinfo", "-1", zip]);
  if (run.exitCode !== 0) throw new Error(`zipinfo: ${run.stderr.toString()}`);
  return run.stdout.toString().trim().split("\n").filter(Boolean);
}

/** Extracts a zip into a fresh folder with unzip (which also checks every entry's CRC) and answers the folder. */
export function unzip(zip: string): string {
  const folder = mkdtempSync(join(tmpdir(), "stemma-unzipped-"));
  const run = Bun.spawnSync(["unzip", "-q", zip, "-d", folder]);
  if (run.exitCode !== 0) throw new Error(`unzip: ${run.exitCode} ${run.stderr.toString()}`);
  return folder;
}
