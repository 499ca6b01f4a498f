/**
 * Resumable uploads on the loopback cluster: the requests of one upload reach both API instances through nginx
 * round-robin (deploy/nginx.conf), with the connection cut at random offsets in front of nginx, and the upload's parts
 * live in the bucket where both see them. The stored original has the sent bytes' SHA-256.
 */
import { expect, test } from "bun:test";
import { setUpCluster } from "../support/cluster";
import { setUpCutUpload } from "../support/cut-upload";
import { startCuttingProxy } from "../support/cutting-proxy";
import { storedKeys } from "../support/stored-files";
import { fileSha256, storedOriginalSha256, trackFromUploads, uploadWithNodeClient } from "../support/tus";
import { waitForProcessing } from "../support/uploads";

const MB = 1024 * 1024;
const live = setUpCluster();
const upload = setUpCutUpload(() => live.cluster);

/** The PATCHes of upload `id` an instance logged (LOG_LEVEL=debug logs every API request). */
const patchesOn = (output: string, id: string) =>
  output.split("\n").filter((line) => line.includes('"method":"PATCH"') && line.includes(`/api/uploads/${id}`)).length;

test("a 200 MB upload cut 20 times in front of nginx resumes across both instances and arrives whole", async () => {
  const nginx = new URL(live.cluster.url);
  const proxy = await startCuttingProxy(
    { host: nginx.hostname, port: Number(nginx.port) },
    { cuts: 20, minBytes: MB, maxBytes: 9 * MB },
  );
  try {
    // In 8 MB PATCHes, which round-robin spreads over both instances.
    const { id } = await uploadWithNodeClient(`${proxy.url}/api/uploads`, upload.owner.token, upload.wav, upload.name, 8 * MB);
    expect(proxy.cuts).toBe(20);
    const [a, b] = live.cluster.apis.map((api) => patchesOn(api.output(), id));
    expect((a as number) > 0 && (b as number) > 0).toBe(true);
    const made = await trackFromUploads(live.cluster, upload.owner.token, { original: id });
    expect(made.status).toBe(201);
    expect(await storedKeys(live.cluster, `resumable/${id}/`)).toEqual([]);
    expect(await storedOriginalSha256(live.cluster, upload.owner.token, made.body.id, upload.folder)).toBe(
      await fileSha256(upload.wav),
    );
    expect((await waitForProcessing(live.cluster, upload.owner.token, made.body.id, 120_000)).processingStatus).toBe("READY");
  } finally {
    await proxy.stop();
  }
}, 300_000);
