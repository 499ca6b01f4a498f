/**
 * A 200 MB original sent by an independent client (tus-js-client under Node) through a proxy that cuts the connection
 * at random offsets, at least 20 times: the client resumes after each cut from the offset the server kept, and the
 * stored original has the sent bytes' SHA-256.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Session, signUp } from "../../tests/support/api";
import { startCuttingProxy } from "../../tests/support/cutting-proxy";
import { setUpServer } from "../../tests/support/lifecycle";
import { writeNoiseWav } from "../../tests/support/noise-wav";
import { storedKeys } from "../../tests/support/stored-files";
import { fileSha256, trackFromUploads, uploadWithNodeClient } from "../../tests/support/tus";
import { waitForProcessing } from "../../tests/support/uploads";

const MB = 1024 * 1024;
const live = setUpServer();
const folder = mkdtempSync(join(tmpdir(), "stemma-cut-"));
const wav = join(folder, "long take.wav");
let owner: Session;

beforeAll(async () => {
  await signUp(live.server); // the first account is the ADMIN
  owner = await signUp(live.server);
  await writeNoiseWav(wav, 200 * MB);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test("a 200 MB upload cut 20 times at random offsets resumes each time and arrives whole", async () => {
  const server = new URL(live.server.url);
  // Cuts every 1 to 9 MB of what the client sends: 20 of them fall within the first 180 MB.
  const proxy = await startCuttingProxy(
    { host: server.hostname, port: Number(server.port) },
    { cuts: 20, minBytes: MB, maxBytes: 9 * MB },
  );
  try {
    const { id, retries } = await uploadWithNodeClient(`${proxy.url}/api/uploads`, owner.token, wav, "long take.wav");
    expect(proxy.cuts).toBe(20);
    expect(retries).toBeGreaterThanOrEqual(20);
    const made = await trackFromUploads(live.server, owner.token, { original: id });
    expect(made.status).toBe(201);
    const stored = join(folder, "stored.wav");
    const original = await fetch(`${live.server.url}/api/track/${made.body.id}/original?attachment`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    await Bun.write(stored, original);
    expect(await fileSha256(stored)).toBe(await fileSha256(wav));
    expect(await storedKeys(live.server, "resumable/")).toEqual([]);
    // Processed like any upload (and the server is not stopped mid-job).
    expect((await waitForProcessing(live.server, owner.token, made.body.id, 240_000)).processingStatus).toBe("READY");
  } finally {
    await proxy.stop();
  }
}, 300_000);
