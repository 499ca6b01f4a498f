import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { freePort } from "../../src/server/infra/ports";

// Servers that bind port 0 (s3rver, queue brokers, test servers) are given ports from the kernel's ephemeral range;
// a port chosen for a process started later must come from outside it, or one of them may take it first.
test("freePort draws bindable ports from below the ephemeral range, so a port-0 server cannot be given one", async () => {
  const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(low);
    const server = Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } });
    server.stop(true);
  }
  expect(new Set(ports).size).toBeGreaterThan(15);
});
