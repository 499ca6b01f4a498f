import { acceptedEncoding, compress, MIN_COMPRESSED_BYTES } from "../../src/server/http/compression";
import { pathAndQuery } from "../../src/server/http/request-url";
import { log } from "../../src/server/logger";
import { fastForm, keptEtag, keptPageOf, readyForm, sendForm } from "./forms";
import { createHeldForms } from "./held";
import { createKnownStates } from "./known-states";
import { type KeptForm, type KeptPage, pagesRepo } from "./repo";

/**
 * What a kept page shows right now. `version` names the content: equal versions render equal pages. `fills` are
 * live values (placeholder text in the render → today's value) written into the kept bytes; a kept answer whose
 * fills differ is rendered again. `maxAgeMs` lets a kept answer stay current that long after its render whatever
 * its fills (counts a list may show late). `ownerId`: the one user whose own view differs (see `PublicPage.mine`).
 */
export interface PageState {
  version: string | number;
  fills?: Record<string, string>;
  maxAgeMs?: number;
  ownerId?: string;
}

/**
 * A public answer kept in the database for every instance (DEVELOPERS.md "Pages"). `keyOf` names the one answer a
 * request path and query string get (null: not this page), and is its own inverse on a key (`keyOf` of a key's path
 * and query is the key), so the pre-render loop finds the page of a due key. `state` reads what the page shows, from
 * the database alone: it is read again only once the database changed (src/server/db/changes.ts). It is null when no
 * request may get a kept answer (a private track): the route then answers as usual. `render` makes the anonymous
 * answer of `key`: only a 200 whose cache-control is `public` is kept.
 */
export interface PublicPage {
  keyOf(path: string, query: string): string | null;
  state(key: string): Promise<PageState | null>;
  /**
   * True when `request` must take the route although the page is public: its owner, whose view differs, or one
   * whose credentials this process cannot tell without work a kept answer must not cost.
   */
  mine?(request: Request, state: PageState): boolean;
  render(key: string): Promise<Response>;
  /** Headers every answer carries (a kept answer leaves before the hooks that would add them). */
  headers?: Record<string, string>;
  /**
   * `always` (the default): a due key is rendered ahead whether anyone asked for it yet, as any of a catalogue's
   * pages may be the next a crawler asks for. `once kept`: only keys already kept (asked for since the build) are
   * rendered ahead; the rest wait for their first request. For pages that change with every upload and of which
   * few are ever asked for (the home page's sorts): rendering them all on each change cost more than serving them.
   */
  renderAhead?: "always" | "once kept";
}

export { startPrerendering } from "./prerender";
export type { KeptPage };

const encoder = new TextEncoder();

/**
 * Runs a write of kept answers, which are a copy of what the routes answer: when it fails (a full disk, a database
 * refusing writes) the page is still served from the render in hand, and the next request or the loop tries again.
 */
async function keepingFails(key: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    log.warn("a rendered page could not be kept", { key, error: String(error) });
  }
}

function applyFills(text: string, fills: Record<string, string>): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(fills)) filled = filled.replaceAll(placeholder, value);
  return filled;
}

function isCurrentForm(form: KeptForm, state: PageState, build: string, fills: string, now: number): boolean {
  if (form.build !== build || form.version !== String(state.version)) return false;
  return state.maxAgeMs === undefined ? form.fills === fills : now - form.builtAt < state.maxAgeMs;
}

/**
 * The kept public pages of this build: `answer` serves a request from them (before routing), `prerender` renders
 * a due key. Each answer is rendered once per version and fills in this process however many ask together.
 */
export function createPublicPages({ build, pages, heldBytes }: { build: string; pages: PublicPage[]; heldBytes: number }) {
  const held = createHeldForms({ maxBytes: heldBytes });
  const stateOf = createKnownStates();
  const rendering = new Map<string, Promise<Fresh | Rendered>>();

  function pageOf(path: string, query: string): { page: PublicPage; key: string } | null {
    for (const page of pages) {
      const key = page.keyOf(path, query);
      if (key) return { page, key };
    }
    return null;
  }

  /**
   * Compresses a fresh render hard and keeps it, off the request path. Never rejects (`keepingFails`): the page was
   * answered from the render, and the next request or the loop tries again.
   */
  function keep(page: PublicPage, fresh: Omit<Fresh, "kept">): Promise<void> {
    const { key, version } = fresh;
    return keepingFails(key, async () => {
      await pagesRepo.keep(await keptPageOf(fresh));
      // Changed while it rendered. Hidden: the trigger that removes its kept answer may have run before it was
      // written. Another version: an instance that rendered the newer one may have written it first, and this
      // older one over it; due again, the loop renders the newer one unless it is the one kept.
      const current = await page.state(key);
      if (!current) await pagesRepo.remove(key, version);
      else if (String(current.version) !== version) await pagesRepo.due(key, current.version);
    });
  }

  /**
   * Renders `key` at `state` and gives the render: one for everyone is kept meanwhile (`kept` says when), one that
   * is not comes as the plain answer. Requests that ask before it is kept share the render rather than make another.
   */
  function renderOnce(page: PublicPage, key: string, state: PageState): Promise<Fresh | Rendered> {
    const fills = JSON.stringify(state.fills ?? {});
    const version = String(state.version);
    const id = `${key} ${version} ${fills}`;
    const pending = rendering.get(id);
    if (pending) return pending;
    const started = (async (): Promise<Fresh | Rendered> => {
      const builtAt = Date.now();
      const response = await page.render(key);
      const cacheControl = response.headers.get("cache-control") ?? "";
      const text = applyFills(await response.text(), state.fills ?? {});
      if (response.status !== 200 || !cacheControl.startsWith("public")) {
        // Not for everyone now (a track processing again): an older kept answer goes, but not one a render that
        // started after this one kept meanwhile.
        await keepingFails(key, () => pagesRepo.removeOlder(key, new Date(builtAt)));
        return { status: response.status, headers: response.headers, text };
      }
      const body = encoder.encode(text);
      const rendered = {
        key,
        version,
        build,
        fills,
        builtAt: new Date(builtAt),
        body,
        contentType: response.headers.get("content-type") ?? "text/html",
        cacheControl,
        etag: keptEtag(version, fills, body),
      };
      return { ...rendered, kept: keep(page, rendered) };
    })();
    rendering.set(id, started);
    void started
      .then((made) => ("kept" in made ? made.kept : undefined))
      .catch(() => {})
      .finally(() => rendering.delete(id));
    return started;
  }

  return {
    /**
     * The kept answer for a GET of a public page, rendered and kept first when missing or behind (a change the
     * pre-render loop has not reached, another build, other fills); undefined when the route must answer.
     */
    async answer(request: Request): Promise<Response | undefined> {
      if (request.method !== "GET") return undefined;
      const { path, query } = pathAndQuery(request.url);
      const found = pageOf(path, query);
      if (!found) return undefined;
      const { page, key } = found;
      const known = await stateOf(key, () => page.state(key));
      if (!known || page.mine?.(request, known.state)) return undefined;
      const { state, fills, stamp } = known;
      const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
      const now = Date.now();
      const extraHeaders = page.headers ?? {};
      const hot = held.get(key, stamp, encoding ?? "identity", state.maxAgeMs, now);
      if (hot) return sendForm(request, hot);
      const stored = await pagesRepo.form(key, encoding ?? "gzip");
      if (stored && isCurrentForm(stored, state, build, fills, now)) {
        const form = readyForm(stored, encoding, extraHeaders);
        held.offer(key, stamp, stored.builtAt, encoding ?? "identity", form);
        return sendForm(request, form);
      }
      // Not kept yet: answered from the render at the fast setting while it is compressed hard and kept, off the
      // request path (a page first asked for cost 12–16 ms before, most of it the hard compression and the write).
      const made = await renderOnce(page, key, state);
      if (!("kept" in made)) return sendRendered(request, made, extraHeaders);
      const form = fastForm(made, encoding, extraHeaders);
      return sendForm(request, form);
    },

    /** Renders and keeps a due `key` unless its kept answer is current already; removes it when no longer public. */
    async prerender(key: string): Promise<void> {
      const { path, query } = pathAndQuery(`http://kept${key}`);
      const found = pageOf(path, query);
      if (!found || found.key !== key) return;
      const state = await found.page.state(key);
      // Hidden (private, deleted): the change that hid it removed its kept answers in its own transaction (the
      // triggers). Removing here could take a newer answer, kept after it was made public again meanwhile.
      if (!state) return;
      const form = await pagesRepo.form(key, "gzip");
      if (!form && found.page.renderAhead === "once kept") return;
      if (form && isCurrentForm(form, state, build, JSON.stringify(state.fills ?? {}), Date.now())) return;
      const made = await renderOnce(found.page, key, state);
      if ("kept" in made) await made.kept;
    },

    /** Makes the answers kept by other builds due again (at boot). */
    dueAfterBuild: () => pagesRepo.dueAfterBuild(build),
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;

/**
 * A render for everyone, not yet kept: its bytes with the ETag its kept forms get, and `kept`, which resolves once it
 * is (or failed to be).
 */
interface Fresh extends Omit<KeptPage, "br" | "gzip"> {
  body: Uint8Array<ArrayBuffer>;
  kept: Promise<void>;
}

/** A rendered answer that is not kept (a page still processing), shared by the requests that asked together. */
interface Rendered {
  status: number;
  headers: Headers;
  text: string;
}

/** A rendered answer that is not kept, compressed fast for this one request. */
function sendRendered(request: Request, { status, headers: rendered, text }: Rendered, extraHeaders: Record<string, string>) {
  const headers = new Headers(rendered);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  headers.set("vary", "accept-encoding");
  headers.delete("content-length");
  const body = encoder.encode(text);
  const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
  if (!encoding || body.length < MIN_COMPRESSED_BYTES) return new Response(body, { status, headers });
  headers.set("content-encoding", encoding);
  return new Response(compress(body, encoding), { status, headers });
}
