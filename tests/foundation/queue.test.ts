import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBun } from "../support/bun-child";
import { freshPostgresDatabase } from "../support/test-database";

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

const runScript = (code: string, dataDir: string) => runBun(["-e", code], { cwd: ROOT, env: { DATA_DIR: dataDir } });

test("a trivial job runs through the durable embedded queue, whose folder is created", async () => {
  const dataDir = freshDataDir();
  const { code, out } = await runBun(["scripts/queue-roundtrip.ts"], { cwd: ROOT, env: { DATA_DIR: dataDir } });
  expect(code).toBe(0);
  expect(out.trim()).toBe("ok");
  expect(existsSync(join(dataDir, "queue", "jobs.db"))).toBe(true);
});

test("the worker refuses to start when a declared job has no handler", async () => {
  const result = await runScript(
    `import { startRuntime } from "./src/server/open-runtime"; import { startWorker } from "./src/server/infra/queue"; await startRuntime(); try { startWorker({}); console.log("started"); } catch (e) { console.log(String(e.message)); } process.exit(0);`,
    freshDataDir(),
  );
  expect(result.out).toContain("Job system.ping has no handler");
});

test("a payload that does not match the job's schema is refused when added", async () => {
  const result = await runScript(
    `import { startRuntime } from "./src/server/open-runtime"; import { enqueue } from "./src/server/infra/queue"; await startRuntime(); try { await enqueue("system.ping", { nonce: 5 }); console.log("added"); } catch (e) { console.log(String(e.message)); } process.exit(0);`,
    freshDataDir(),
  );
  expect(result.out).toContain("Invalid payload for job system.ping");
});

describe("with DATABASE_URL (PostgreSQL mode)", () => {
  test("a job runs through the process's own bunqueue broker, which the process stops on exit", async () => {
    const { code, out } = await runBun(["scripts/queue-roundtrip.ts"], {
      cwd: ROOT,
      // LOG_LEVEL explicitly: the broker's start, read below, is logged at info.
      env: { LOG_LEVEL: "info", DATA_DIR: freshDataDir(), DATABASE_URL: await freshPostgresDatabase() },
    });
    expect(code).toBe(0);
    expect(out).toContain('"message":"queue broker started"');
    expect(out.trim().split("\n").pop()).toBe("ok");
    expect(await listening(brokerPort(out))).toBe(false);
  });

  test("a process killed outright takes its broker along (no orphan renewing its leases)", async () => {
    const proc = Bun.spawn(
      [
        "bun",
        "-e",
        `import { startRuntime } from "./src/server/open-runtime"; await startRuntime(); console.log("up"); setInterval(() => {}, 1000);`,
      ],
      {
        cwd: ROOT,
        // LOG_LEVEL explicitly: the broker's start, read below, is logged at info.
        env: { ...process.env, LOG_LEVEL: "info", DATA_DIR: freshDataDir(), DATABASE_URL: await freshPostgresDatabase() },
        stdout: "pipe",
      },
    );
    let out = "";
    const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let port: number;
    try {
      while (!out.includes("up\n")) out += (await reader.read()).value ?? "";
      port = brokerPort(out);
      expect(await listening(port)).toBe(true);
    } finally {
      // Also when an expectation fails: a live child would keep bun test from ever exiting.
      proc.kill("SIGKILL");
      await proc.exited;
    }
    let open = true;
    for (let attempt = 0; attempt < 100 && open; attempt++) {
      open = await listening(port);
      if (open) await Bun.sleep(100);
    }
    expect(open).toBe(false);
  });
});

const brokerPort = (log: string) => Number(/"queue broker started".*?"port":(\d+)/.exec(log)?.[1]);

const listening = (port: number) =>
  Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } }).then(
    (socket) => {
      socket.end();
      return true;
    },
    () => false,
  );
