import { acceptedEncoding, compress, MIN_COMPRESSED_BYTES, precompress, sendVariant, type Variants } from "../http/compression";

/**
 * What a cacheable page shows, read cheaply on every request (one indexed row for a track page).
 * `version` names the content: equal versions render equal pages, so any server instance reading the
 * same database agrees on whether its copy is current. `fills` are live values put into the cached
 * copy as it is served (placeholder text in the render → today's value), so a play count going up
 * costs a string replace and a compression, never a render.
 */
export interface PageState {
  version: string;
  fills: Record<string, string>;
}

interface Entry {
  version: string;
  /**
   * The page as rendered, with its placeholders: UTF-8 bytes, not the string, which takes two bytes a
   * character as soon as one character is past Latin-1 (the top bar's ☰ on every page), and is decoded
   * only when a fill changes.
   */
  template: Uint8Array;
  headers: Record<string, string>;
  /**
   * The copy with the latest fills, compressed (off the event loop, so requests meanwhile share the one promise);
   * rebuilt only when a fill changes. `bytes` is its size once compressed.
   */
  filled: { fillKey: string; variants: Promise<Variants>; bytes: number } | null;
}

/** How many pages asked for only once lately are remembered (by key alone: a few hundred KB). */
const SEEN_ONCE_KEYS = 4096;

/**
 * Rendered pages kept in memory, least recently used first out past `maxBytes`, from their second request
 * on (`admits`). Only answers that are 200 and `public` are kept (`buildId` names the build in ETags: whatever the instance, the same
 * build and version give the same ETag): a page not for everyone (a private track's, a 404) is rendered
 * for each request and never stored, so it can never reach anyone else.
 */
export function createPageCache({ maxBytes, buildId }: { maxBytes: number; buildId: string }) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | Response>>();
  /** Pages asked for once lately, oldest first. */
  const seenOnce = new Map<string, true>();
  let bytes = 0;

  const size = (entry: Entry) => entry.template.length + (entry.filled?.bytes ?? 0);

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= size(entry);
    entries.delete(key);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += size(entry);
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /**
   * Whether a page about to be rendered is kept: a new version of a kept page is, and so is a page asked for
   * once already lately. A page asked for once (the long tail of a catalogue, a crawler's pass) is answered
   * the same way but not kept, so it does not push out pages read again and again. Pushed-out pages lived
   * long enough to become old garbage, which the collector frees only in its rare full collections. Over
   * `npm run test:load`'s minute and popularity curve (14,000 tracks, simulated), about 2,700 pages were kept
   * and 2,200 pushed out before, 410 kept and none pushed out with this, for the same share of pages answered
   * from memory (16–17 %).
   */
  function admits(key: string): boolean {
    if (entries.has(key) || seenOnce.delete(key)) return true;
    seenOnce.set(key, true);
    if (seenOnce.size > SEEN_ONCE_KEYS) seenOnce.delete(seenOnce.keys().next().value as string);
    return false;
  }

  /** Renders once for all the requests that miss together. */
  function renderOnce(key: string, version: string, render: () => Promise<Response>): Promise<Entry | Response> {
    const pending = rendering.get(`${key}@${version}`);
    if (pending) return pending;
    const started = (async () => {
      const response = await render();
      const cacheControl = response.headers.get("cache-control") ?? "";
      if (response.status !== 200 || !cacheControl.startsWith("public")) {
        forget(key);
        return response;
      }
      const entry: Entry = {
        version,
        template: new Uint8Array(await response.arrayBuffer()),
        headers: { "content-type": response.headers.get("content-type") ?? "text/html", "cache-control": cacheControl },
        filled: null,
      };
      return entry;
    })().finally(() => rendering.delete(`${key}@${version}`));
    rendering.set(`${key}@${version}`, started);
    return started;
  }

  /** Changes what a kept entry holds, keeping the byte count right. */
  function resize(key: string, entry: Entry, change: () => void) {
    const kept = entries.get(key) === entry;
    if (kept) forget(key);
    change();
    if (kept) remember(key, entry);
  }

  function fill(key: string, entry: Entry, state: PageState): Promise<Variants> {
    const fillKey = JSON.stringify(state.fills);
    if (entry.filled?.fillKey === fillKey) return entry.filled.variants;
    const html = applyFills(decoder.decode(entry.template), state.fills);
    const etag = `"${Bun.hash(`${buildId}:${key}:${entry.version}:${fillKey}`).toString(36)}"`;
    const filled = { fillKey, variants: precompress(html, { ...entry.headers, etag }), bytes: 0 };
    resize(key, entry, () => {
      entry.filled = filled;
    });
    filled.variants.then(
      (variants) => {
        if (entry.filled === filled) resize(key, entry, () => Object.assign(filled, { bytes: variants.bytes }));
      },
      // The request awaiting it answers the failure.
      () => {},
    );
    return filled.variants;
  }

  return {
    /**
     * Answers `request` from the copy of `key` at `state.version`, rendering it first when there is
     * none; `state` null means "never cache this one" (render and answer).
     */
    async serve(request: Request, key: string, state: PageState | null, render: () => Promise<Response>): Promise<Response> {
      if (!state) {
        forget(key);
        return compressed(request, await render());
      }
      let entry = entries.get(key);
      if (entry?.version === state.version) {
        // Most recently used last: refresh its place.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        const keep = admits(key);
        const rendered = await renderOnce(key, state.version, render);
        // Rendered for the cache but not cacheable after all (still processing): its placeholders get today's values.
        if (rendered instanceof Response) return compressed(request, await filledOnce(rendered, state.fills));
        entry = rendered;
        if (keep) remember(key, entry);
      }
      return sendVariant(request, await fill(key, entry, state));
    },
    /** Bytes held (for tests and the bench's memory figure). */
    get bytes() {
      return bytes;
    },
  };
}

const decoder = new TextDecoder();

function applyFills(text: string, fills: PageState["fills"]): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(fills)) filled = filled.replaceAll(placeholder, value);
  return filled;
}

async function filledOnce(response: Response, fills: PageState["fills"]): Promise<Response> {
  return new Response(applyFills(await response.text(), fills), { status: response.status, headers: response.headers });
}

/** A rendered answer that is not kept, compressed fast for this one request when it is text. */
export async function compressed(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
  if (!encoding || !/^(text\/|application\/json)/.test(type) || response.headers.has("content-encoding")) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append("vary", "accept-encoding");
  if (body.length < MIN_COMPRESSED_BYTES) return new Response(body, { status: response.status, headers });
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  return new Response(compress(body, encoding), { status: response.status, headers });
}
