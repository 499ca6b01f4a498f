import type { Server } from "bun";
import { config } from "../config";

/** "::ffff:10.0.0.1" (IPv4 seen through an IPv6 socket) and "10.0.0.1" are one address. */
const normalised = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * The address a request comes from, for rate limits and visitor play counts. X-Forwarded-For is
 * believed only when the connection comes from a TRUSTED_PROXIES address: the client is then the
 * last address in the header that is not itself a trusted proxy. From anyone else the header is
 * ignored, so a forged one cannot dodge a limit.
 */
export function clientIp(server: Server<unknown> | null, request: Request, trusted = config().trustedProxies): string {
  const peer = server?.requestIP(request)?.address;
  if (!peer) return "unknown";
  const trustedSet = new Set(trusted.map(normalised));
  if (!trustedSet.has(normalised(peer))) return normalised(peer);
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map(normalised).filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) if (!trustedSet.has(hops[index] as string)) return hops[index] as string;
  return normalised(peer);
}
