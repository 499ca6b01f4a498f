/**
 * The CPU a page costs when it must be rendered (its first time, a private page's shell, a change not yet
 * pre-rendered): the public page of a fork of a track with cover and four stems, rendered through the built Astro
 * entry with the very locals the server gives it (src/server/cache/page-locals.ts), in this process so that nothing but
 * the render is counted. The data is made through the real server and API first. Prints p50 and p90 of the CPU
 * time per render (user + system, process.cpuUsage) over RENDERS renders after a warm-up; exits 1 when p50 is
 * over 2 ms. Run after a build: bun bench/render.ts.
 * The warm-up is long because a server renders pages all day (the pre-render loop renders every changed public page):
 * JavaScriptCore compiles a function to its optimising tiers only after some hundreds of calls, and those compiler
 * threads' CPU counts in process.cpuUsage, so after a short warm-up the renders would measure the compiler as much as
 * the page.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { signUp } from "../tests/support/api";
import { startServer } from "../tests/support/server";
import { uploadPageTrack } from "./support/page-track";

const RENDERS = Number(process.env.RENDERS ?? 1000);
const WARM_UP = Number(process.env.WARM_UP ?? 500);
const GOAL_MS = 2;

const server = await startServer({ env: { FREE_QUOTA_SECONDS: "1000000" } });
let forkId: string;
try {
  const owner = await signUp(server);
  const forker = await signUp(server);
  const original = await uploadPageTrack(server, owner.token);
  const forked = await fetch(`${server.url}/api/track/${original}/fork`, {
    method: "POST",
    headers: { authorization: `Bearer ${forker.token}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Render bench fork", isPublic: true }),
  });
  if (!forked.ok) throw new Error(`fork: ${forked.status} ${await forked.text()}`);
  forkId = ((await forked.json()) as { id: string }).id;
} finally {
  await server.stop({ keepData: true });
}

// The server's modules read their settings as they load: point them at the data just made.
process.env.DATA_DIR = server.dataDir;
process.env.LOG_LEVEL = "warn";
// As npm start and the image run the server: React's production server renderer.
process.env.NODE_ENV = "production";
const { pageLocals } = await import("../src/server/cache/page-locals");
const dist = process.env.STEMMA_DIST ?? join(import.meta.dir, "../dist");
const astro = (await import(join(dist, "server/entry.mjs"))) as {
  handle: (request: Request, locals: App.Locals) => Promise<Response>;
};

async function renderOnce(): Promise<{ cpuMs: number; bytes: number }> {
  const before = process.cpuUsage();
  const response = await astro.handle(new Request(`http://localhost/track/${forkId}`), pageLocals({ cached: true }));
  const html = await response.text();
  const used = process.cpuUsage(before);
  if (response.status !== 200 || !html.includes("Render bench fork")) throw new Error(`render: ${response.status}`);
  return { cpuMs: (used.user + used.system) / 1000, bytes: html.length };
}

for (let i = 0; i < WARM_UP; i++) await renderOnce();
const samples: number[] = [];
let bytes = 0;
for (let i = 0; i < RENDERS; i++) {
  const { cpuMs, bytes: size } = await renderOnce();
  samples.push(cpuMs);
  bytes = size;
}
samples.sort((a, b) => a - b);
const at = (share: number) => samples[Math.min(samples.length - 1, Math.floor(share * samples.length))] as number;
const p50 = at(0.5);
console.log(
  `render of a fork's page with 4 stems (${(bytes / 1024).toFixed(1)} KB of HTML): CPU p50 ${p50.toFixed(2)} ms, ` +
    `p90 ${at(0.9).toFixed(2)} ms over ${RENDERS} renders after ${WARM_UP} (goal p50 ≤ ${GOAL_MS} ms)`,
);
rmSync(server.dataDir, { recursive: true, force: true });
process.exit(p50 <= GOAL_MS ? 0 : 1);
