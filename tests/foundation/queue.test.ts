import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "stemma-queue-"));
  dirs.push(dir);
  return join(dir, "nested", "data");
}

async function runScript(code: string, dataDir: string) {
  const proc = Bun.spawn(["bun", "-e", code], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, exitCode };
}

test("a trivial job runs through the durable embedded queue, whose folder is created", async () => {
  const dataDir = freshDataDir();
  const proc = Bun.spawn(["bun", "scripts/queue-roundtrip.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdout: "pipe",
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  expect(out.trim()).toBe("ok");
  expect(existsSync(join(dataDir, "queue", "jobs.db"))).toBe(true);
});

test("the worker refuses to start when a declared job has no handler", async () => {
  const result = await runScript(
    `import { startWorker } from "./src/server/queue"; try { startWorker({}); console.log("started"); } catch (e) { console.log(String(e.message)); } process.exit(0);`,
    freshDataDir(),
  );
  expect(result.stdout).toContain("Job system.ping has no handler");
});

test("a payload that does not match the job's schema is refused when added", async () => {
  const result = await runScript(
    `import { enqueue } from "./src/server/queue"; try { await enqueue("system.ping", { nonce: 5 }); console.log("added"); } catch (e) { console.log(String(e.message)); } process.exit(0);`,
    freshDataDir(),
  );
  expect(result.stdout).toContain("Invalid payload for job system.ping");
});
