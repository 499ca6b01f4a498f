/**
 * A 200 MB original sent by an independent client (tus-js-client under Node) through a proxy that cuts the connection
 * at random offsets, at least 20 times: the client resumes after each cut from the offset the server kept, and the
 * stored original has the sent bytes' SHA-256.
 */
import { expect, test } from "bun:test";
import { setUpCutUpload } from "../../tests/support/cut-upload";
import { startCuttingProxy } from "../../tests/support/cutting-proxy";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { fileSha256, storedOriginalSha256, trackFromUploads, uploadWithNodeClient } from "../../tests/support/tus";
import { waitForProcessing } from "../../tests/support/uploads";

const MB = 1024 * 1024;
const live = setUpServer();
const upload = setUpCutUpload(() => live.server, "long take.wav");

test("a 200 MB upload cut 20 times at random offsets resumes each time and arrives whole", async () => {
  const server = new URL(live.server.url);
  // Cuts every 1 to 9 MB of what the client sends: 20 of them fall within the first 180 MB.
  const proxy = await startCuttingProxy(
    { host: server.hostname, port: Number(server.port) },
    { cuts: 20, minBytes: MB, maxBytes: 9 * MB },
  );
  try {
    const { id, retries } = await uploadWithNodeClient(`${proxy.url}/api/uploads`, upload.owner.token, upload.wav, upload.name);
    expect(proxy.cuts).toBe(20);
    expect(retries).toBeGreaterThanOrEqual(20);
    const made = await trackFromUploads(live.server, upload.owner.token, { original: id });
    expect(made.status).toBe(201);
    expect(await storedOriginalSha256(live.server, upload.owner.token, made.body.id, upload.folder)).toBe(
      await fileSha256(upload.wav),
    );
    expect(await storedKeys(live.server, "resumable/")).toEqual([]);
    // Processed like any upload (and the server is not stopped mid-job).
    expect((await waitForProcessing(live.server, upload.owner.token, made.body.id, 240_000)).processingStatus).toBe("READY");
  } finally {
    await proxy.stop();
  }
}, 300_000);
