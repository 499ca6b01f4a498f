/**
 * What a listener fetches over HTTP, against the same bytes from nginx (from disk) or a bare Bun.serve
 * (from memory), in one run: Stemma pinned to core 0, wrk on core 1, 100,000 tracks with real waveforms.
 * Prints a table and writes it into docs/performance.md between the bench:http markers; exits 1 when a goal is missed.
 * Run: bun bench/http.ts (SECONDS=… per wrk run, TRACKS=… to change the size). Needs the Astro build.
 * While iterating, ONLY=page,lists,media,walk (any of them) runs those parts alone and leaves docs/performance.md as it is.
 * The walks (a crawler reading the catalogue) go over one track with four stems and WALK_FORKS (1,500) public forks
 * of it, each request another of those pages at random.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESSION_COOKIE } from "../modules/auth";
import { signUp } from "../tests/support/api";
import { startServer } from "../tests/support/server";
import { createTrack, waitForProcessing } from "../tests/support/uploads";
import {
  forgetSeededDue,
  keptBytesPerTrack,
  makePublicForks,
  randomWalkScript,
  waitForKeptAnswers,
  writeStaticPages,
} from "./support/catalogue";
import { uploadPageTrack } from "./support/page-track";
import { type Row, writePerformanceTable } from "./support/report";
import { seedTracks } from "./support/seed";
import { ensureTools, memoryMb, readLine, SERVER_CORE, startNginx, wrk } from "./support/tools";

const SECONDS = Number(process.env.SECONDS ?? 4);
const TRACKS = Number(process.env.TRACKS ?? 100_000);
const WALK_FORKS = Number(process.env.WALK_FORKS ?? 1500);
const RANGE = "bytes=0-4194303";
const RANGE_1MB = "bytes=0-1048575";
/** What a browser sends: the walks are measured as visitors arrive, not as wrk asks by default (identity). */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };
const PARTS = ["page", "lists", "media", "walk"] as const;
/**
 * A page rendered for one signed-in viewer costs a whole render each time (5–10 ms of a core for a track page with
 * stems), where a visitor's is kept: measured at 8 connections, signed-in people browsing at once on a community
 * instance, with a p99 nobody notices. Its share of nginx's rate is reported, not a goal (two orders below).
 */
const SIGNED_IN_PAGE = { goal: { share: 0, p99: 200 }, connections: 8 };
const ONLY = process.env.ONLY?.split(",") ?? [...PARTS];
const runs = (part: (typeof PARTS)[number]) => ONLY.includes(part);

ensureTools();
const work = mkdtempSync(join(tmpdir(), "stemma-bench-http-"));
// mkdtemp makes the folder 0700: nginx's workers (nobody when started as root) could not read the docroot,
// and a baseline of fast 403s would say nothing of what the machine serves.
chmodSync(work, 0o755);
const docroot = join(work, "www");
mkdirSync(docroot);
const server = await startServer({ env: { FREE_QUOTA_SECONDS: "1000000" } });
Bun.spawnSync(["taskset", "-a", "-cp", SERVER_CORE, String(server.proc.pid)]);
const nginxPort = 20000 + Math.floor(Math.random() * 20000);
const nginx = await startNginx(docroot, work, nginxPort);
const rows: Row[] = [];

try {
  // A public track with cover and four stems (the page), and a 4-minute one whose MP3 is over 4 MB (the Range).
  const owner = await signUp(server);
  const pageTrack = await uploadPageTrack(server, owner.token);
  const longFlac = join(work, "long.flac");
  Bun.spawnSync(["ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "anoisesrc=d=240:a=0.3", "-ac", "2", longFlac]);
  const longTrack = await createTrack(server, owner.token, {
    original: longFlac,
    data: { title: "Long", primaryArtistName: "Bench" },
  });
  await waitForProcessing(server, owner.token, longTrack);
  const database = join(server.dataDir, "stemma.db");
  seedTracks(database, pageTrack, owner.user.id, TRACKS);
  forgetSeededDue(database);
  const idle = await (async () => {
    await fetch(`${server.url}/track/${pageTrack}`);
    await Bun.sleep(2000);
    return memoryMb(server.proc.pid);
  })();
  const walkIds = runs("walk") ? [pageTrack, ...(await makePublicForks(server, pageTrack, WALK_FORKS))] : [];
  const walkPages = walkIds.map((id) => `/track/${id}`);
  const walkJson = walkIds.map((id) => `/api/track/${id}`);
  const prerenderSeconds = await waitForKeptAnswers(database, [...walkPages, ...walkJson]);
  if (walkIds.length)
    console.log(`${walkIds.length * 2} walk answers pre-rendered ${prerenderSeconds.toFixed(1)} s after the last fork`);

  /** Stemma's figure, then the baseline's, back to back; the ratio is throughput over throughput. */
  async function compare(
    measure: string,
    path: string,
    baselineUrl: string,
    baseline: string,
    goal: { share: number; p99?: number },
    options: { connections: number; headers?: Record<string, string>; walk?: { ours: string; theirs: string } },
  ) {
    const { walk, ...load } = options;
    // One unmeasured second on each side first: the JIT and the caches settle, as they have long before a real
    // visitor arrives. Not for the walks, which measure pages nobody asked for before.
    if (!walk) {
      await wrk(`${server.url}${path}`, { ...load, seconds: 1 });
      await wrk(baselineUrl, { ...load, seconds: 1 });
    }
    const ours = await wrk(`${server.url}${path}`, { ...load, seconds: SECONDS, script: walk?.ours });
    const theirs = await wrk(baselineUrl, { ...load, seconds: SECONDS, script: walk?.theirs });
    // A baseline that answers errors is no baseline: stop rather than print a ratio against it.
    if (theirs.errors > 0) throw new Error(`${baseline} answered ${theirs.errors} errors for ${baselineUrl}`);
    const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
    const pass = ratio >= goal.share && (goal.p99 === undefined || ours.p99Ms < goal.p99) && ours.errors === 0;
    rows.push({
      measure,
      stemma: `${ours.requestsPerSecond.toFixed(0)} req/s, p99 ${ours.p99Ms.toFixed(1)} ms${ours.errors ? `, ${ours.errors} errors` : ""}`,
      baseline: `${baseline} ${theirs.requestsPerSecond.toFixed(0)} req/s`,
      ratio: `${(ratio * 100).toFixed(0)} %`,
      goal: [goal.share ? `≥ ${goal.share * 100} %` : "", goal.p99 ? `p99 < ${goal.p99} ms` : ""].filter(Boolean).join(", "),
      pass,
    });
  }

  // The page: nginx serves the very HTML Stemma sends (identity, as wrk asks for none).
  writeFileSync(join(docroot, "track.html"), await (await fetch(`${server.url}/track/${pageTrack}`)).text());
  if (runs("page"))
    await compare(
      "SSR `/track/{id}` (public, 4 stems)",
      `/track/${pageTrack}`,
      `http://127.0.0.1:${nginxPort}/track.html`,
      "nginx",
      { share: 0.5, p99: 10 },
      { connections: 64 },
    );

  // The same page for its signed-in owner: rendered for them at each request (issue 39: their menu and controls),
  // never kept. nginx serves the very HTML the owner gets.
  const ownerCookie = { cookie: `${SESSION_COOKIE}=${owner.token}` };
  const ownersPage = await fetch(`${server.url}/track/${pageTrack}`, { headers: ownerCookie });
  writeFileSync(join(docroot, "track-owner.html"), await ownersPage.text());
  if (runs("page"))
    await compare(
      "SSR `/track/{id}` for its signed-in owner, 8 connections",
      `/track/${pageTrack}`,
      `http://127.0.0.1:${nginxPort}/track-owner.html`,
      "nginx",
      SIGNED_IN_PAGE.goal,
      { connections: SIGNED_IN_PAGE.connections, headers: ownerCookie },
    );

  // The lists: a bare Bun.serve answers each list's own JSON from memory on the same core.
  const auth = { authorization: `Bearer ${owner.token}` };
  const deep = runs("lists") ? await cursorOfPage(`${server.url}/api/tracks/public?limit=20`, 50) : "";
  const lists: [string, string, Record<string, string>][] = [
    ["`/api/tracks/public?limit=20`", "/api/tracks/public?limit=20", {}],
    ["public, page 51 (deep cursor)", `/api/tracks/public?limit=20&cursor=${deep}`, {}],
    ["`/api/tracks/available?limit=20`", "/api/tracks/available?limit=20", auth],
    ["`/api/tracks?limit=20` (own)", "/api/tracks?limit=20", auth],
    ["`/api/tracks/shared?limit=20`", "/api/tracks/shared?limit=20", auth],
  ];
  for (const [measure, path, headers] of runs("lists") ? lists : []) {
    const json = await (await fetch(`${server.url}${path}`, { headers })).text();
    const bare = Bun.spawn(["taskset", "-c", SERVER_CORE, "bun", join(import.meta.dir, "support/bare-json.ts")], {
      stdin: new Blob([json]),
      stdout: "pipe",
    });
    const port = Number((await readLine(bare.stdout)).trim());
    await compare(measure, path, `http://127.0.0.1:${port}/`, "bare Bun", { share: 0.3, p99: 10 }, { connections: 64, headers });
    bare.kill();
    await bare.exited;
  }

  // The media: nginx sends the same MP3 with sendfile.
  const mp3 = await fetch(`${server.url}/api/track/${longTrack}/full.mp3`);
  writeFileSync(join(docroot, "full.mp3"), new Uint8Array(await mp3.arrayBuffer()));
  if (runs("media"))
    await compare(
      "`full.mp3` Range 4 MB, 16 connections",
      `/api/track/${longTrack}/full.mp3`,
      `http://127.0.0.1:${nginxPort}/full.mp3`,
      "nginx",
      { share: 0.9 },
      { connections: 16, headers: { range: RANGE } },
    );

  if (runs("media"))
    await compare(
      "`full.mp3` Range 1 MB, 16 connections",
      `/api/track/${longTrack}/full.mp3`,
      `http://127.0.0.1:${nginxPort}/full.mp3`,
      "nginx",
      { share: 0.9 },
      { connections: 16, headers: { range: RANGE_1MB } },
    );

  // The catalogue walks: every request another of the 1,501 pages, none of them asked for before.
  if (runs("walk")) {
    const identity = await Promise.all(
      walkPages.map(async (path) => {
        const response = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity" } });
        return new Uint8Array(await response.arrayBuffer());
      }),
    );
    const nginxPaths = writeStaticPages(docroot, identity);
    await compare(
      `catalogue walk of \`/track/{id}\` (${walkPages.length.toLocaleString("en")} pages)`,
      "/",
      `http://127.0.0.1:${nginxPort}/`,
      "nginx `gzip_static`",
      { share: 0.5, p99: 20 },
      {
        connections: 64,
        headers: BROWSER_ENCODINGS,
        walk: { ours: randomWalkScript(work, "pages", walkPages), theirs: randomWalkScript(work, "static", nginxPaths) },
      },
    );

    // The JSON's baseline: a bare Bun.serve answering each path with the very bytes Stemma sends for it.
    const jsonFolder = join(work, "json");
    mkdirSync(jsonFolder);
    let encoding = "";
    for (const [n, path] of walkJson.entries()) {
      const response = await fetch(`${server.url}${path}`, { headers: BROWSER_ENCODINGS, decompress: false });
      encoding = response.headers.get("content-encoding") ?? "identity";
      writeFileSync(join(jsonFolder, `${n}.body`), new Uint8Array(await response.arrayBuffer()));
    }
    writeFileSync(join(jsonFolder, "walk.json"), JSON.stringify({ encoding, contentType: "application/json", paths: walkJson }));
    const bare = Bun.spawn(["taskset", "-c", SERVER_CORE, "bun", join(import.meta.dir, "support/bare-walk.ts"), jsonFolder], {
      stdout: "pipe",
    });
    const port = Number((await readLine(bare.stdout)).trim());
    await compare(
      `catalogue walk of \`GET /api/track/{id}\` (${walkJson.length.toLocaleString("en")} tracks)`,
      "/",
      `http://127.0.0.1:${port}/`,
      "bare Bun",
      { share: 0.3 },
      {
        connections: 64,
        headers: BROWSER_ENCODINGS,
        walk: { ours: randomWalkScript(work, "json", walkJson), theirs: randomWalkScript(work, "bare-json", walkJson) },
      },
    );
    bare.kill();
    await bare.exited;

    const kept = keptBytesPerTrack(database);
    rows.push({
      measure: "kept answers in the database (page + JSON, brotli + gzip)",
      stemma: `${(kept.bytesPerTrack / 1024).toFixed(1)} KB per track (${kept.tracks.toLocaleString("en")} tracks)`,
      baseline: "—",
      ratio: "—",
      goal: "one copy per public track",
      pass: kept.rows <= kept.tracks * 2,
    });
  }

  // Bytes on the wire, as a browser asks (brotli, else gzip).
  for (const [measure, url, limitKb] of [
    ["track page on the wire", `${server.url}/track/${pageTrack}`, 30],
    ["a 20-track list on the wire", `${server.url}/api/tracks/public?limit=20`, 40],
  ] as const) {
    const sizes = await Promise.all(["br", "gzip", "identity"].map((encoding) => wireKb(url, encoding)));
    const [br, gzip, identity] = sizes as [number, number, number];
    rows.push({
      measure,
      stemma: `${br.toFixed(1)} KB br, ${gzip.toFixed(1)} KB gzip`,
      baseline: `${identity.toFixed(1)} KB uncompressed`,
      ratio: "—",
      goal: `≤ ${limitKb} KB`,
      pass: Math.max(br, gzip) <= limitKb,
    });
  }
  const peak = await memoryMb(server.proc.pid);
  for (const [measure, mb, limitMb] of [
    ["server memory, idle (RSS)", idle.rss, 120],
    ["server memory, peak (uploads and all the load above)", peak.peak, 300],
  ] as const)
    rows.push({
      measure,
      stemma: `${mb.toFixed(0)} MB`,
      baseline: "—",
      ratio: "—",
      goal: `≤ ${limitMb} MB`,
      pass: mb <= limitMb,
    });
} finally {
  await nginx.stop();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

if (PARTS.every(runs)) writePerformanceTable("http", rows, `${TRACKS.toLocaleString("en")} tracks`);
else console.table(rows);
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;

async function cursorOfPage(firstPage: string, pages: number): Promise<string> {
  let cursor = "";
  for (let page = 0; page < pages; page++) {
    const body = (await (await fetch(`${firstPage}${cursor ? `&cursor=${cursor}` : ""}`)).json()) as {
      metadata: { nextCursor: string };
    };
    cursor = body.metadata.nextCursor;
  }
  return cursor;
}

async function wireKb(url: string, encoding: string): Promise<number> {
  const response = await fetch(url, { headers: { "accept-encoding": encoding }, decompress: false });
  return (await response.arrayBuffer()).byteLength / 1024;
}
