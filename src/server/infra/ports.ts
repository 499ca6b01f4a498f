import { readFileSync } from "node:fs";

/** Loopback port helpers for whatever starts a process of its own: the queue broker, scripts and tests. */

/**
 * A port nobody listens on right now, for a process started next to listen on. It is drawn from below the kernel's
 * ephemeral range: a port the OS handed out for `port: 0` is free again once probed, and any other server binding
 * port 0 before ours starts (s3rver, a queue broker, a test server in the other lane) could be given it.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    try {
      Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } }).stop(true);
      return port;
    } catch {
      // Taken: draw again.
    }
  }
  throw new Error("no free loopback port found below the ephemeral range");
}

/** The first port the kernel hands out for `port: 0` (Linux's setting; 32768, its default, elsewhere). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Resolves once something accepts connections on `port`; throws after `timeoutMs`. */
export async function waitForPort(port: number, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } }).then(
      (socket) => {
        socket.end();
        return true;
      },
      () => false,
    );
    if (open) return;
    // Short: servers, brokers and proxies wait on this while they start, most of them for well under a second.
    await Bun.sleep(20);
  }
  throw new Error(`${what} on port ${port} did not start`);
}
