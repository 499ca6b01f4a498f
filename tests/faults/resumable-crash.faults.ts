/**
 * kill -9 of the server while a resumable upload is under way (`npm run test:faults`): tus-js-client under Node keeps
 * retrying while the server is down, and once it is back on the same data and port the upload resumes from the last
 * part the server kept; the stored original has the sent bytes' SHA-256. Seeded moments, FAULT_RUNS runs (default 5).
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../src/server/infra/ports";
import { signUp } from "../support/api";
import { runSql } from "../support/database-rows";
import { writeNoiseWav } from "../support/noise-wav";
import { startSingleServer, type TestServer } from "../support/server";
import { storedKeys } from "../support/stored-files";
import { fileSha256, storedOriginalSha256, TUS, trackFromUploads, tusRequest, uploadWithNodeClient } from "../support/tus";

const MB = 1024 * 1024;
const RUNS = Number(process.env.FAULT_RUNS ?? 5);
const folder = mkdtempSync(join(tmpdir(), "stemma-resumable-crash-"));
const wav = join(folder, "take.wav");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The offset of the upload under way, polled by HEAD until it reaches `bytes`. */
async function waitForOffset(server: TestServer, token: string, bytes: number) {
  for (;;) {
    const [newest] = await runSql<{ id: string }>(server, "select id from resumable_uploads order by created_at desc limit 1");
    const id = newest?.id;
    if (id) {
      const head = await tusRequest(server, "HEAD", `/uploads/${id}`, token, TUS);
      if (Number(head.headers.get("upload-offset")) >= bytes) return Number(head.headers.get("upload-offset"));
    }
    await Bun.sleep(5);
  }
}

for (let run = 0; run < RUNS; run++) {
  test(`run ${run + 1}: kill -9 mid-upload, restart, the upload resumes and arrives whole`, async () => {
    if (run === 0) await writeNoiseWav(wav, 200 * MB);
    const port = String(await freePort());
    let server = await startSingleServer({ env: { PORT: port } });
    try {
      await signUp(server); // the first account is the ADMIN
      const owner = await signUp(server);
      // A kill somewhere in the first three quarters of the file, after the first part.
      const killAt = Math.round((10 + ((run * 37) % 140)) * MB);
      const upload = uploadWithNodeClient(`${server.url}/api/uploads`, owner.token, wav, "take.wav", 4 * MB);
      const reached = await waitForOffset(server, owner.token, killAt);
      expect(reached).toBeLessThan(200 * MB);
      const dataDir = server.dataDir;
      await server.kill();
      server = await startSingleServer({ dataDir, env: { PORT: port } });
      const { id } = await upload;
      const made = await trackFromUploads(server, owner.token, { original: id });
      expect(made.status).toBe(201);
      expect(await storedOriginalSha256(server, owner.token, made.body.id, folder)).toBe(await fileSha256(wav));
      expect(await storedKeys(server, "resumable/")).toEqual([]);
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 300_000);
}
