import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, waitForPort } from "../../scripts/lib/ports";

export interface TestNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const NGINX = ["/usr/sbin/nginx", Bun.which("nginx")].find((path) => path && Bun.file(path).size > 0) ?? "nginx";

/**
 * nginx on loopback, round-robin over `upstreams` (ports on 127.0.0.1), as deploy/nginx.conf does in
 * production: bodies streamed through (uploads are large), no buffering of replies, Host and
 * X-Forwarded-For passed on. Its config and scratch folders live in a fresh temporary folder; it runs
 * in the foreground as a child, so it stops with `stop()` (or with the test process).
 */
export async function startNginx(upstreams: number[], port?: number): Promise<TestNginx> {
  const dir = mkdtempSync(join(tmpdir(), "stemma-nginx-"));
  // Under root nginx's workers run as nobody: they must reach the scratch folders.
  chmodSync(dir, 0o755);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(dir, name));
    chmodSync(join(dir, name), 0o777);
  }
  const listen = port ?? (await freePort());
  const servers = upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 0;
  upstream stemma {
${servers}
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://stemma;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`,
  );
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
      proc.kill("SIGQUIT");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
