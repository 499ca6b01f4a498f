import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { clusterOf, type TestServer } from "../../tests/support/server";
import { corpusPath, firstLicenseId, type UploadReply } from "../../tests/support/uploads";

/**
 * Uploads stream to disk (src/server/http/multipart.ts), so their size is bounded by MAX_UPLOAD_MB, not by
 * memory or Bun's 128 MB default; every other route is held to 1 MB (src/server/http/body-limit.ts).
 */
const roomy = setUpServer();
const tight = setUpServer({ env: { MAX_UPLOAD_MB: "1" } });
let roomyUser: Session;
let tightUser: Session;
beforeAll(async () => {
  await Promise.all([signUp(roomy.server), signUp(tight.server)]); // the first account of each is the admin
  [roomyUser, tightUser] = await Promise.all([signUp(roomy.server), signUp(tight.server)]);
}, 30_000);

/** A WAV of `seconds` of tone with `channels` channels, written with ffmpeg under the server's temp folder. */
function makeWav(server: TestServer, seconds: number, channels: number): string {
  const path = join(server.dataDir, "..", `size-${crypto.randomUUID()}.wav`);
  const made = Bun.spawnSync([
    "ffmpeg",
    ...["-loglevel", "error", "-f", "lavfi", "-i", `sine=frequency=220:duration=${seconds}:sample_rate=48000`],
    ...["-af", `pan=${channels}c|${Array.from({ length: channels }, (_, c) => `c${c}=c0`).join("|")}`],
    ...["-c:a", "pcm_s16le", path],
  ]);
  if (made.exitCode !== 0) throw new Error(String(made.stderr));
  return path;
}

async function formWith(server: TestServer, original: Blob, name: string, extra?: (form: FormData) => void) {
  const form = new FormData();
  form.set("data", JSON.stringify({ title: "Size", primaryArtistName: "Test", licenseId: await firstLicenseId(server) }));
  form.set("original", original, name);
  extra?.(form);
  return form;
}

/** `bytes` as a stream of 64 KB pieces that fetch cannot size, so it is sent chunked, without a Content-Length. */
function unsized(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 65536));
      offset += 65536;
    },
  });
}

const quotaUsed = async (server: TestServer, session: Session) =>
  (await call<{ currentUsedQuotaSeconds: number }>(server, "GET", "/storage/quota", { token: session.token })).body
    .currentUsedQuotaSeconds;

const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

describe("upload size", () => {
  test("an original above Bun's 128 MB default body cap streams to disk and is accepted", async () => {
    // 8 channels × 16 bits × 48 kHz × 3 min = 138 MB.
    const path = makeWav(roomy.server, 180, 8);
    try {
      const form = await formWith(roomy.server, Bun.file(path), "big.wav");
      const res = await call<UploadReply>(roomy.server, "POST", "/track", { token: roomyUser.token, body: form });
      expect(res.status).toBe(201);
      expect(res.body.track.duration).toBeCloseTo(180, 3);
      expect(res.body.track.originalSizeBytes).toBe(Bun.file(path).size);
    } finally {
      rmSync(path, { force: true });
    }
  }, 60_000);

  test("over MAX_UPLOAD_MB is a 413 naming the limit, whether Content-Length says so or a chunked body shows it", async () => {
    const path = makeWav(tight.server, 12, 1); // about 1.1 MB
    try {
      const before = await quotaUsed(tight.server, tightUser);
      const sized = await call<{ message: string }>(tight.server, "POST", "/track", {
        token: tightUser.token,
        body: await formWith(tight.server, Bun.file(path), "over.wav"),
      });
      expect(sized.status).toBe(413);
      expect(sized.body.message).toBe("The upload is larger than the 1.0 MB limit");

      // The same body as a stream: sent chunked, without a Content-Length, so the server has to count.
      const encoded = new Response(await formWith(tight.server, Bun.file(path), "over.wav"));
      const chunked = await fetch(`${tight.server.url}/api/track`, {
        method: "POST",
        headers: { authorization: `Bearer ${tightUser.token}`, "content-type": encoded.headers.get("content-type") ?? "" },
        body: unsized(await encoded.bytes()),
      });
      expect(chunked.status).toBe(413);
      expect(((await chunked.json()) as { message: string }).message).toBe("The upload is larger than the 1.0 MB limit");

      expect(await quotaUsed(tight.server, tightUser)).toBe(before);
      expect(filesUnder(join(tight.server.dataDir, "staging"))).toEqual([]);
      expect((await call<{ items: unknown[] }>(tight.server, "GET", "/tracks", { token: tightUser.token })).body.items).toEqual(
        [],
      );
    } finally {
      rmSync(path, { force: true });
    }
  }, 30_000);

  test("cover art over 50 MB is a 413; extra originals and unknown file fields are a 400", async () => {
    const wav = Bun.file(corpusPath("album/02 - Nova Drift - Glass Harbour.wav"));
    const hugeCover = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(51 * 2 ** 20)]);
    const cases: Array<[string, (form: FormData) => void, number, string]> = [
      ["cover", (form) => form.set("coverArt", hugeCover, "cover.png"), 413, "Cover art must be at most 50.0 MB"],
      ["two originals", (form) => form.append("original", wav, "second.wav"), 400, "Send one original audio file"],
      ["unknown field", (form) => form.set("artwork", wav, "x.wav"), 400, "Unexpected file field artwork"],
    ];
    for (const [, extra, status, message] of cases) {
      const form = await formWith(roomy.server, wav, "track.wav", extra);
      const res = await call<{ message: string }>(roomy.server, "POST", "/track", { token: roomyUser.token, body: form });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
  }, 30_000);

  test("the data JSON may come as a Blob part with its own content type; over 1 MB it is a 400", async () => {
    const wav = Bun.file(corpusPath("album/02 - Nova Drift - Glass Harbour.wav"));
    const asBlob = (json: string) => (form: FormData) =>
      form.set("data", new Blob([json], { type: "application/json" }), "data.json");
    const data = { title: "Blob Data", primaryArtistName: "Client", licenseId: await firstLicenseId(roomy.server) };
    const accepted = await call<UploadReply>(roomy.server, "POST", "/track", {
      token: roomyUser.token,
      body: await formWith(roomy.server, wav, "track.wav", asBlob(JSON.stringify(data))),
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.track.title).toBe("Blob Data");
    const huge = JSON.stringify({ ...data, description: "x".repeat(1024 * 1024) });
    const refused = await call<{ message: string }>(roomy.server, "POST", "/track", {
      token: roomyUser.token,
      body: await formWith(roomy.server, wav, "track.wav", asBlob(huge)),
    });
    expect([refused.status, refused.body.message]).toEqual([400, "The data field is larger than 1.0 MB"]);
  }, 30_000);
});

describe("other routes' bodies", () => {
  test("a JSON body over 1 MB, or one sent chunked without a length, is a 413 before it is read", async () => {
    const big = await call<{ message: string }>(tight.server, "POST", "/auth/login", {
      body: { email: "someone@example.com", password: "x".repeat(1024 * 1024) },
    });
    expect([big.status, big.body.message]).toEqual([413, "The request body is larger than 1.0 MB"]);

    // Straight to an instance on a cluster: nginx forwards a chunked body it has already read whole with a
    // Content-Length (and one still arriving as chunked), so through it the answer depends on packet timing.
    const instance = clusterOf(tight.server)?.apis[0] ?? tight.server;
    const chunked = await fetch(`${instance.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: unsized(new TextEncoder().encode(JSON.stringify({ email: "someone@example.com", password: "wrong" }))),
    });
    expect(chunked.status).toBe(413);

    // An ordinary small JSON body still reaches the route.
    const small = await call<{ message: string }>(tight.server, "POST", "/auth/login", {
      body: { email: "someone@example.com", password: "wrong-password" },
    });
    expect(small.status).toBe(401);
  });
});
