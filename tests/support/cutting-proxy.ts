import { createConnection, createServer, type Socket } from "node:net";

/** A TCP proxy on loopback that cuts connections mid-body, as a flaky home connection or a closed laptop lid does. */
export interface CuttingProxy {
  url: string;
  /** How many connections it has cut so far. */
  readonly cuts: number;
  stop(): Promise<void>;
}

/**
 * Forwards every connection to `target` (host:port) and cuts `cuts` of them, both ways at once, each after a random
 * number of bytes from the client between `minBytes` and `maxBytes` (so at random offsets of an upload's body); then
 * it only forwards.
 */
export async function startCuttingProxy(
  target: { host: string; port: number },
  options: { cuts: number; minBytes: number; maxBytes: number },
): Promise<CuttingProxy> {
  let cuts = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => undefined);
    }
    const cutAfter = options.minBytes + Math.floor(Math.random() * (options.maxBytes - options.minBytes));
    let sent = 0;
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent < cutAfter || cuts >= options.cuts || client.destroyed) return;
      cuts++;
      client.resetAndDestroy();
      upstream.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get cuts() {
      return cuts;
    },
    async stop() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
