import { type Browser, chromium } from "playwright-core";
import { LAN_HOST } from "./origins";

/** Debian's Chromium, with the flags this sandbox needs (no downloads, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
      // The plain-http LAN name journeys also run on (./origins.ts), answered by the loopback server.
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
    ],
  });
}
