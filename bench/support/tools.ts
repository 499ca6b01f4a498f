import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** nginx and wrk come from Debian; installed with apt-get when missing and we are root, like scripts/check.sh. */
export function ensureTools(): void {
  const missing = [
    ["nginx", "nginx-light"],
    ["wrk", "wrk"],
    ["taskset", "util-linux"],
  ].filter(([command]) => !Bun.which(command as string, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` }));
  if (missing.length === 0) return;
  const packages = missing.map(([, name]) => name as string);
  if (process.getuid?.() !== 0)
    throw new Error(`missing ${packages.join(" ")}: apt-get install ${packages.join(" ")} (or run as root)`);
  console.log(`installing ${packages.join(" ")} with apt-get`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...packages],
  ]) {
    const run = Bun.spawnSync(["apt-get", ...args], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (run.exitCode !== 0) throw new Error(`apt-get ${args.join(" ")} failed: ${run.stderr}`);
  }
}

/** Every process of the run is pinned: the server under test (and each baseline) on core 0, wrk on core 1. */
export const SERVER_CORE = "0";
export const LOAD_CORE = "1";

export interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** Non-2xx/3xx answers or socket errors: a run with any is not a valid figure. */
  errors: number;
}

function milliseconds(text: string): number {
  const match = text.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

/** `wrk -t1 -c<connections> -d<seconds>s --latency` on the load core; `script` is a wrk Lua script (a random walk). */
export async function wrk(
  url: string,
  {
    connections,
    seconds,
    headers = {},
    script,
  }: { connections: number; seconds: number; headers?: Record<string, string>; script?: string },
): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const scriptArgs = script ? ["-s", script] : [];
  const proc = Bun.spawn(
    [
      "taskset",
      "-c",
      LOAD_CORE,
      "wrk",
      "-t1",
      `-c${connections}`,
      `-d${seconds}s`,
      "--latency",
      ...scriptArgs,
      ...headerArgs,
      url,
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  const output = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`wrk ${url}: ${await new Response(proc.stderr).text()}`);
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99 = milliseconds(output.match(/^\s+99%\s+(\S+)/m)?.[1] ?? "");
  const non2xx = Number(output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socket = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requestsPerSecond: rps, p99Ms: p99, errors: non2xx + socketErrors };
}

/** nginx (one worker, sendfile, no logging) serving `root` on `port`, pinned to the server core. */
export async function startNginx(root: string, work: string, port: number) {
  mkdirSync(join(work, "nginx"), { recursive: true });
  const conf = join(work, "nginx", "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(work, "nginx", "nginx.pid")};
error_log ${join(work, "nginx", "error.log")} warn;
events { worker_connections 1024; }
http {
  types { text/html html; application/json json; audio/mpeg mp3; }
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${join(work, "nginx")};
  proxy_temp_path ${join(work, "nginx")};
  fastcgi_temp_path ${join(work, "nginx")};
  uwsgi_temp_path ${join(work, "nginx")};
  scgi_temp_path ${join(work, "nginx")};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    # The page walk's baseline: each page precompressed beside it (catalogue.ts writeStaticPages).
    location /walk/ { gzip_static on; }
  }
}
`,
  );
  const nginx = Bun.which("nginx", { PATH: `${process.env.PATH}:/usr/sbin:/sbin` }) as string;
  const proc = Bun.spawn(["taskset", "-c", SERVER_CORE, nginx, "-c", conf, "-e", join(work, "nginx", "error.log")], {
    stdout: "ignore",
    stderr: "pipe",
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await Bun.sleep(50);
  }
  return {
    async stop() {
      proc.kill("SIGQUIT");
      await proc.exited;
    },
  };
}

/** The resident and peak memory of a process, in MB (Linux /proc). */
export async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** CPU time a process has used so far (user + system), in seconds (Linux /proc; clock ticks of 1/100 s). */
export async function cpuSeconds(pid: number): Promise<number> {
  // The fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
  const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The first chunk a child prints (a baseline server's port). */
export async function readLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}
