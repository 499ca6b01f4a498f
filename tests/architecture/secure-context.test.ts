/**
 * Browsers offer some APIs only in secure contexts (https, and localhost even over http). A home self-host is often
 * plain http under a LAN name (http://nas.local:3000), where `crypto.randomUUID` is not a function and
 * `navigator.clipboard` is undefined: browser code that reached for them failed every upload and counted no play
 * there. Browser code makes ids with islands/lib/random-id.ts and copies with islands/lib/clipboard.ts (which uses
 * the clipboard only where it exists, with a fallback); nothing else of it, nor of the packages it bundles, may name
 * a secure-context-only API.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const REPO = join(import.meta.dir, "../..");

/** Where browser code lives. Astro files are held to it whole: their scripts run in the browser. */
const BROWSER_FOLDERS = ["islands", "src/pages", "src/components", "src/layouts", "src/shared"];

/** APIs a window has only in a secure context (MDN's "Secure context" mark), as code names them. */
const SECURE_CONTEXT_ONLY =
  /\brandomUUID\b|\.subtle\b|\bnavigator\.(?:clipboard|serviceWorker|mediaDevices|locks|storage|share|canShare|credentials|wakeLock|geolocation|requestMIDIAccess|usb|hid|serial|bluetooth|xr)\b|\baudioWorklet\b|\bNotification\.requestPermission\b|\bnew Notification\(|\bPaymentRequest\b|\bPublicKeyCredential\b|\bcaches\.(?:open|match|has|keys|delete)\b|\bshow(?:Open|Save|Directory)(?:File)?Picker\b|\bEyeDropper\b|\bIdleDetector\b|\bSharedArrayBuffer\b/g;

/** The helpers: the clipboard one uses the clipboard after checking `isSecureContext`; the id one says why it does not. */
const ALLOWED: Record<string, string[]> = {
  "islands/lib/clipboard.ts": ["navigator.clipboard"],
  "islands/lib/random-id.ts": ["randomUUID"],
};

/** What Astro itself sends to the browser with React islands: React's DOM, the renderer's hydration, the island runtime. */
const ASTRO_CLIENT = ["react-dom", "@astrojs/react/dist/client.js", "astro/dist/runtime/client"];

/**
 * Packages' files no build sends: wavesurfer's plugins come only when imported by their own path (checked below that
 * none is), Astro's toolbar only with the dev server.
 */
const NOT_BUNDLED = ["wavesurfer.js/dist/plugins/", "astro/dist/runtime/client/dev-toolbar/"];

export function secureContextUses(code: string): string[] {
  return [...code.matchAll(SECURE_CONTEXT_ONLY)].map((match) => match[0]);
}

/** The files under `folder` (or `folder` itself, when it is a file) whose names match. */
function filesUnder(folder: string, extensions: RegExp): string[] {
  if (statSync(join(REPO, folder)).isFile()) return [folder];
  return readdirSync(join(REPO, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

const browserSources = () =>
  BROWSER_FOLDERS.flatMap((folder) => filesUnder(folder, /\.(tsx?|astro|m?js)$/)).filter(
    (path) => !/\.(test|e2e)\.tsx?$/.test(path),
  );

/** The npm packages browser code imports (bare specifiers; `node:` and the like are not packages), by name. */
function browserPackages(): string[] {
  const names = browserSources().flatMap((path) =>
    [...readFileSync(join(REPO, path), "utf8").matchAll(/\bfrom\s+["']((?:@[\w.-]+\/)?\w[\w.-]*)(?:\/[^"']*)?["']/g)].map(
      (match) => match[1] as string,
    ),
  );
  return [...new Set(names)].sort();
}

test("browser code names no secure-context-only API outside its one helper", () => {
  const found = browserSources().flatMap((path) => {
    const allowed = ALLOWED[path] ?? [];
    return secureContextUses(readFileSync(join(REPO, path), "utf8"))
      .filter((use) => !allowed.includes(use))
      .map((use) => `${path}: ${use}`);
  });
  expect(found).toEqual([]);
});

test("the packages bundled for the browser name no secure-context-only API", () => {
  const packages = browserPackages();
  expect(packages).toContain("tus-js-client");
  const found = [...packages, ...ASTRO_CLIENT].flatMap((name) =>
    filesUnder(join("node_modules", name), /\.(m?js|cjs)$/)
      .filter((path) => !NOT_BUNDLED.some((skipped) => path.startsWith(join("node_modules", skipped))))
      .flatMap((path) => secureContextUses(readFileSync(join(REPO, path), "utf8")).map((use) => `${path}: ${use}`)),
  );
  expect(found).toEqual([]);
});

test("browser code imports none of the package files the scan leaves out", () => {
  const imported = browserSources().filter((path) =>
    NOT_BUNDLED.some((skipped) => readFileSync(join(REPO, path), "utf8").includes(skipped)),
  );
  expect(imported).toEqual([]);
});

describe("the scan itself", () => {
  test("finds the secure-context-only APIs as code names them, and not their look-alikes", () => {
    const code = [
      "const id = crypto.randomUUID();",
      "await navigator.clipboard.writeText(text);",
      "const key = await crypto.subtle.importKey(raw);",
      "navigator.serviceWorker.register('/sw.js');",
      "const cache = await caches.open('v1');",
      "const id = randomId();",
      "crypto.getRandomValues(new Uint8Array(16));",
      "event.clipboardData.getData('text');",
      "navigator.mediaSession.metadata = null;",
      "const subtleLabel = 'quiet';",
    ].join("\n");
    expect(secureContextUses(code)).toEqual([
      "randomUUID",
      "navigator.clipboard",
      ".subtle",
      "navigator.serviceWorker",
      "caches.open",
    ]);
  });
});
