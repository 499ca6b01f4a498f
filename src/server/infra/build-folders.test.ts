import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import { signUp } from "../../../tests/support/api";
import { setUpServer } from "../../../tests/support/lifecycle";
import { uploadTiny, waitProcessed } from "../../../tests/support/uploads";
import { ROOT } from "../paths";

// A checkout of its own for the builds of this file, inside the checkout as `dist` is (a build clearing its output
// folder in place only does so inside the project): the checkout's own build is left to the other tests.
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const checkout = mkdtempSync(join(ROOT, ".tmp", "builds-"));
const DIST = join(checkout, "dist");
// The running server's build: a copy of the checkout's (saving a build; this file makes one), marked with a file no
// build makes, and without what says which inputs it was built from, so `npm run build` builds anew.
const OLD_BUILD = "2000-01-01T00-00-00-000Z";
const oldFolder = join(`${DIST}-builds`, OLD_BUILD);
cpSync(realpathSync(join(ROOT, "dist")), oldFolder, { recursive: true, filter: (path) => basename(path) !== "inputs" });
writeFileSync(join(oldFolder, "client", "old-build.txt"), "the old build");
symlinkSync(`${basename(DIST)}-builds/${OLD_BUILD}`, DIST);

const live = setUpServer({ env: { STEMMA_DIST: DIST } });
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

/** `npm run build` in this file's checkout. */
async function npmRunBuild(): Promise<string> {
  const proc = Bun.spawn([process.execPath, "run", "build"], {
    cwd: ROOT,
    env: { ...process.env, STEMMA_DIST: DIST },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`npm run build failed (${code}):\n${out}\n${err}`);
  return out;
}

/** The answers other than 200 with a body, as "path status". */
async function failuresOf(server: { url: string }, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${server.url}${path}`);
    const body = await response.arrayBuffer();
    if (response.status !== 200 || body.byteLength === 0) failures.push(`${path} ${response.status} ${body.byteLength} B`);
  }
  return failures;
}

let trackPath = "";
let artistPath = "";
let assets: string[] = [];

beforeAll(async () => {
  const session = await signUp(live.server);
  const id = await uploadTiny(live.server, session, { isPublic: true });
  await waitProcessed(live.server, session, id);
  trackPath = `/track/${id}`;
  artistPath = `/u/${session.user.username}`;
  const home = await (await fetch(`${live.server.url}/`)).text();
  assets = [...new Set(home.match(/\/_astro\/[\w.-]+\.(?:js|css)/g))].slice(0, 4);
  expect(assets.length).toBeGreaterThan(1);
});

describe("a build beside a running server", () => {
  // Its time is a whole Astro build and a restart: some 15 s of CPU, several times that on a machine shared with others.
  test("the server answers every page from its own build while a new one is made; restarted, it serves the new one", async () => {
    const server = live.server;
    const pages = ["/upload", "/", trackPath, "/login", ...assets, "/old-build.txt"];
    expect(await failuresOf(server, pages)).toEqual([]);

    const failures: string[] = [];
    let building = true;
    // A round every 20 ms or so: the broken moments lasted seconds, and the build needs the shared cores more.
    const hammering = (async () => {
      while (building) {
        failures.push(...(await failuresOf(server, pages)));
        await Bun.sleep(20);
      }
    })();
    const out = await npmRunBuild();
    building = false;
    await hammering;
    expect([...new Set(failures)]).toEqual([]);
    expect(out).toContain("Built the pages");

    // The new build is current; the server still holds its own, whose pages' code it loads when first asked for.
    const current = realpathSync(DIST);
    expect(basename(current)).not.toBe(OLD_BUILD);
    expect(existsSync(oldFolder)).toBe(true);
    expect(await failuresOf(server, ["/register", "/search?q=tone", artistPath])).toEqual([]);
    expect(server.output()).not.toContain('"level":"error"');

    const restarted = await live.restartServer();
    expect(await failuresOf(restarted, ["/upload", "/", trackPath, "/login", ...assets])).toEqual([]);
    expect((await fetch(`${restarted.url}/old-build.txt`)).status).toBe(404);
  }, 240_000);

  test("a build with nothing changed is skipped, and the builds no running server holds are removed", async () => {
    const current = realpathSync(DIST);
    const out = await npmRunBuild();
    expect(out).toContain("The pages are up to date.");
    expect(realpathSync(DIST)).toBe(current);
    // The old build's server has stopped: its folder goes; the current one stays.
    expect(readdirSync(`${DIST}-builds`).filter((name) => name !== "users")).toEqual([basename(current)]);
    expect(await failuresOf(live.server, ["/", trackPath])).toEqual([]);
  });

  test("a page that cannot be rendered is logged and answered with an error page, not an empty 500", async () => {
    // The register page's code, not loaded yet by this server, is gone from its build.
    const chunks = join(realpathSync(DIST), "server", "chunks");
    for (const chunk of readdirSync(chunks).filter((name) => name.startsWith("register_"))) rmSync(join(chunks, chunk));
    const response = await fetch(`${live.server.url}/register`);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toStartWith("text/html");
    expect(await response.text()).toContain("Something went wrong");
    expect(live.server.output()).toContain('"message":"a page could not be rendered","path":"/register"');
  });
});
