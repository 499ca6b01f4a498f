/**
 * Resumable uploads on the loopback cluster: the requests of one upload reach both API instances through nginx
 * round-robin (deploy/nginx.conf), with the connection cut at random offsets in front of nginx, and the upload's parts
 * live in the bucket where both see them. The stored original has the sent bytes' SHA-256.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Session, signUp } from "../support/api";
import { setUpCluster } from "../support/cluster";
import { startCuttingProxy } from "../support/cutting-proxy";
import { writeNoiseWav } from "../support/noise-wav";
import { storedKeys } from "../support/stored-files";
import { fileSha256, trackFromUploads, uploadWithNodeClient } from "../support/tus";
import { waitForProcessing } from "../support/uploads";

const MB = 1024 * 1024;
const live = setUpCluster();
const folder = mkdtempSync(join(tmpdir(), "stemma-cluster-cut-"));
const wav = join(folder, "take.wav");
let owner: Session;

beforeAll(async () => {
  await signUp(live.cluster); // the first account is the ADMIN
  owner = await signUp(live.cluster);
  await writeNoiseWav(wav, 200 * MB);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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
    const { id } = await uploadWithNodeClient(`${proxy.url}/api/uploads`, owner.token, wav, "take.wav", 8 * MB);
    expect(proxy.cuts).toBe(20);
    const [a, b] = live.cluster.apis.map((api) => patchesOn(api.output(), id));
    expect((a as number) > 0 && (b as number) > 0).toBe(true);
    const made = await trackFromUploads(live.cluster, owner.token, { original: id });
    expect(made.status).toBe(201);
    expect(await storedKeys(live.cluster, `resumable/${id}/`)).toEqual([]);
    const stored = join(folder, "stored.wav");
    const original = await fetch(`${live.cluster.url}/api/track/${made.body.id}/original?attachment`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    await Bun.write(stored, original);
    expect(await fileSha256(stored)).toBe(await fileSha256(wav));
    expect((await waitForProcessing(live.cluster, owner.token, made.body.id, 120_000)).processingStatus).toBe("READY");
  } finally {
    await proxy.stop();
  }
}, 300_000);
