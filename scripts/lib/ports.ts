/** Loopback port helpers for scripts and tests that start their own processes. */

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = server;
  server.stop(true);
  return port;
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
