import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, waitForPort } from "../../src/server/infra/ports";

export interface TestNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const NGINX = ["/usr/sbin/nginx", Bun.which("nginx")].find((path) => path && Bun.file(path).size > 0) ?? "nginx";

/**
 * The address the loopback nginx connects to its upstreams from (the cluster's TRUSTED_PROXIES): not 127.0.0.1,
 * where the tests' own requests come from, so a test is a client in front of the proxy as on a real network.
 */
export const NGINX_ADDRESS = "127.0.0.2";

const PRODUCTION_CONFIG = join(import.meta.dir, "../../deploy/nginx.conf");

/**
 * deploy/nginx.conf (what docker-compose.yml runs) moved onto loopback: the upstreams become ports on
 * 127.0.0.1, it listens on `listen`, runs in the foreground and keeps its pid, logs and scratch files
 * in `dir`. Everything else (round-robin, streamed bodies, headers) is the production file's.
 * It reaches the upstreams from NGINX_ADDRESS, as compose's nginx does from an address of its own.
 */
function loopbackConfig(dir: string, upstreams: number[], listen: number): string {
  const servers = upstreams.map((port) => `server 127.0.0.1:${port};`).join(" ");
  const scratch = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${dir}/${name};`)
    .join(" ");
  const edits: [RegExp, string][] = [
    [/worker_processes [^;]+;/, `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`],
    [/http \{/, `http { access_log off; proxy_bind ${NGINX_ADDRESS}; ${scratch}`],
    [/(upstream stemma \{)[^}]*?(keepalive)/, `$1 ${servers} $2`],
    [/listen 80;/, `listen 127.0.0.1:${listen};`],
  ];
  let config = readFileSync(PRODUCTION_CONFIG, "utf8");
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}: update tests/support/nginx.ts`);
    config = config.replace(pattern, replacement);
  }
  return config;
}

/**
 * nginx on loopback, round-robin over `upstreams` (ports on 127.0.0.1) with deploy/nginx.conf's
 * settings. Its config and scratch folders live in a fresh temporary folder; it runs in the foreground
 * as a child, so it stops with `stop()`.
 */
export async function startNginx(upstreams: number[], port?: number): Promise<TestNginx> {
  const dir = mkdtempSync(join(tmpdir(), "stemma-nginx-"));
  // Under root nginx's workers run as nobody: they must reach the scratch folders.
  chmodSync(dir, 0o755);
  for (const name of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(dir, name));
    chmodSync(join(dir, name), 0o777);
  }
  const listen = port ?? (await freePort());
  writeFileSync(join(dir, "nginx.conf"), loopbackConfig(dir, upstreams, listen));
  const proc: Subprocess = Bun.spawn([NGINX, "-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdout: "ignore",
    stderr: "pipe",
  });
  await Promise.race([
    waitForPort(listen, "nginx"),
    proc.exited.then(async () => {
      throw new Error(`nginx exited: ${await new Response(proc.stderr as ReadableStream).text()}`);
    }),
  ]);
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    async stop() {
      // A graceful stop waits for open requests (a long-lived event stream among them): then it is made to stop.
      proc.kill("SIGQUIT");
      if ((await Promise.race([proc.exited, Bun.sleep(10_000).then(() => "waiting")])) === "waiting") proc.kill("SIGKILL");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
