/**
 * The origins browser journeys run on. `localhost` is a secure context to browsers even over http, so code that needs
 * one (crypto.randomUUID, the clipboard) works there and nowhere else: `lan` is the usual home self-host, a plain-http
 * name that is not localhost (http://nas.local:3000). launchBrowser maps LAN_HOST to 127.0.0.1, so the test server
 * answers it without any change to the machine's resolver.
 */
export const LAN_HOST = "stemma.lan";

export const ORIGINS = ["localhost", "lan"] as const;
export type Origin = (typeof ORIGINS)[number];

/** The server's address as a browser on `origin` reaches it (API calls from the test process keep `server.url`). */
export function originUrl(serverUrl: string, origin: Origin): string {
  if (origin === "localhost") return serverUrl;
  const url = new URL(serverUrl);
  url.hostname = LAN_HOST;
  return url.origin;
}
