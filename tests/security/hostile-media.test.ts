/**
 * Hostile media (a sample of `npm run fuzz`): every file of the bad corpus and seeded mutations of
 * real files end as a clear 4xx or a processed track, with no orphan file and the quota consistent.
 * Files made to trick ffmpeg (HLS and concat playlists named .wav, a module whose sample names are
 * paths and addresses) read no local canary file and open no connection.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TCPSocketListener } from "bun";
import { type Session, signUp } from "../support/api";
import { expectInvariants } from "../support/invariants";
import { setUpServer } from "../support/lifecycle";
import { testOnCluster } from "../support/server";
import { CORPUS, upload } from "../support/uploads";
import { badCorpus, fuzzMedia, uploadHostile } from "./fuzz/media";

/**
 * The sample's mutations: WAV and FLAC (a module renders its whole song, seconds each, so their mutants
 * are left to `npm run fuzz`; module headers are still spliced into these), four uploads at a time. On the cluster
 * a tenth of them: what it adds (PostgreSQL, the bucket, a worker) does not depend on which bytes were mutated, and
 * the single server's pass runs all 100 through the same ffmpeg code. Its time limit is its own: each of the uploads
 * is a real one, processed by ffmpeg, and a loaded two-core machine takes over two minutes for them.
 */
const MUTATED_SAMPLE = testOnCluster ? 15 : 100;
const SAMPLE_SOURCES = [
  "bad/CON.wav",
  "real-audio/hydrogen-808_Kick_Long.flac",
  "real-audio/sound-icons-electric-piano-3-16k.wav",
  "bad/CON.wav",
  "real-audio/hydrogen-808_Kick_Long.flac",
];
const live = setUpServer({ env: { FREE_QUOTA_SECONDS: "1000000" } });
let session: Session;
let scratch: string;

beforeAll(async () => {
  await signUp(live.server);
  session = await signUp(live.server);
  scratch = mkdtempSync(join(tmpdir(), "stemma-hostile-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the bad corpus and mutated copies", () => {
  test.each(badCorpus().map((path) => [path.slice(path.lastIndexOf("/") + 1), path]))(
    "%s: a 4xx with a message or a processed track",
    async (_name, path) => {
      expect(await uploadHostile(live.server, session, path)).toMatch(/^(4\d\d|READY|FAILED)$/);
    },
  );

  test(`${MUTATED_SAMPLE} mutated copies of real WAV and FLAC files (seed 7)`, async () => {
    const outcomes = await fuzzMedia(live.server, session, scratch, {
      count: MUTATED_SAMPLE,
      seed: 7,
      sources: SAMPLE_SOURCES,
      parallel: 4,
    });
    console.log(`hostile media: ${MUTATED_SAMPLE} mutated files, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
    await expectInvariants(live.server, { sessions: [session] });
  }, 300_000);
});

describe("files made to trick ffmpeg", () => {
  let listener: TCPSocketListener<undefined>;
  const connections: string[] = [];
  let canary: string;

  beforeAll(async () => {
    listener = Bun.listen<undefined>({
      hostname: "127.0.0.1",
      port: 0,
      socket: { open: () => void connections.push("opened"), data: () => {} },
    });
    // A real WAV of a length nothing else has: if ffmpeg read it, the track would last 0.25 s and be READY.
    canary = join(scratch, "canary.wav");
    await Bun.write(canary, Bun.file(join(CORPUS, "bad/CON.wav")));
  });
  afterAll(() => listener.stop(true));

  const tricks = () => {
    const address = `http://127.0.0.1:${listener.port}/x.wav`;
    return [
      ["hls.wav", `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile://${canary}\n#EXTINF:1,\n${address}\n#EXT-X-ENDLIST\n`],
      ["concat.wav", `ffconcat version 1.0\nfile '${canary}'\nfile '${address}'\n`],
      ["hls.flac", `#EXTM3U\n#EXTINF:1,\n${canary}\n#EXTINF:1,\n${address}\n`],
      ["concat.xm", `ffconcat version 1.0\nfile '${canary}'\n`],
      ["subfile.wav", `subfile,,start,0,end,0,,:${canary}`],
    ] as const;
  };

  test("HLS and concat playlists named as audio are refused and read nothing", async () => {
    for (const [name, text] of tricks()) {
      const path = join(scratch, name);
      await Bun.write(path, text);
      const res = await upload(live.server, session, { original: [path, name] });
      expect(res.status).toBe(400);
    }
    await Bun.sleep(200);
    expect(connections).toEqual([]);
  });

  test("a module whose sample names are a canary path and a loopback address loads no external sample", async () => {
    const bytes = new Uint8Array(await Bun.file(join(CORPUS, "real-modules/high-score.mod")).arrayBuffer());
    const names = [canary, `http://127.0.0.1:${listener.port}/s.wav`, `file://${canary}`];
    names.forEach((name, index) => {
      const field = new TextEncoder().encode(name.padEnd(22, "\0")).slice(0, 22);
      bytes.set(field, 20 + index * 30);
    });
    const path = join(scratch, "samples.mod");
    await Bun.write(path, bytes);
    const outcome = await uploadHostile(live.server, session, path, "samples.mod");
    expect(outcome).toMatch(/^(4\d\d|READY|FAILED)$/);
    await Bun.sleep(200);
    expect(connections).toEqual([]);
    await expectInvariants(live.server, { sessions: [session] });
  }, 60_000);
});
