import { type Treaty, treaty } from "@elysiajs/eden";
import type { NotificationInput } from "../../modules/notifications/model";
// A type only: the browser bundle gets none of the server, while every route's params, body and reply types
// come from the routes themselves, so an island cannot name a reply type the server does not send.
import type { api as server } from "../../src/server/api";
import { announceNotification } from "./unread";

/** The error every island shows for a failed call: SPEC §8 'API request failed: ' + message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`API request failed: ${serverMessage}`);
    // Set by hand: minified builds rename the class, and logs print the name.
    this.name = "ApiError";
  }
}

/** Polling asks for this header (SPEC §7); every such request also gets a cache-busting `_` parameter. */
const NO_CACHE = { "cache-control": "no-cache" };

/** The options of a polling read: `fresh(false)` is a plain one, for a first load that may come from a cache. */
export const fresh = (wanted = true, signal?: AbortSignal) => ({
  ...(wanted ? { headers: NO_CACHE } : {}),
  ...(signal ? { fetch: { signal } } : {}),
});

function bustingCache(url: string, init: RequestInit | undefined): string {
  const headers = new Headers(init?.headers);
  if (headers.get("cache-control") !== NO_CACHE["cache-control"]) return url;
  return `${url}${url.includes("?") ? "&" : "?"}_=${Date.now()}`;
}

/**
 * The /api routes, typed from the server: `api.track({ id }).get()`. Each call resolves to Eden's
 * `{ data, error }`; islands take it through `reply`. Paths stay relative (`keepDomain`), dates stay the
 * ISO strings the JSON carries (`parseDate: false`), as the models' types say. No call names the session: it is the
 * httpOnly cookie, which the browser sends with every request to this site.
 */
export const api = treaty<typeof server>("", {
  keepDomain: true,
  parseDate: false,
  fetcher: ((url, init) => fetch(bustingCache(String(url), init), init)) as typeof fetch,
}).api;

/** SPEC §7: any response carrying a notification object shows a toast and raises the unread count. */
function announceCarried(body: unknown): void {
  const notification = (body as { notification?: Partial<NotificationInput> } | null)?.notification;
  if (notification?.title) announceNotification({ ...notification, title: notification.title });
}

/** The server's `{message}`, else the status text. */
function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const message = (body as { message?: unknown } | null)?.message;
  return new ApiError(status, typeof message === "string" && message ? message : statusText);
}

type Call = Promise<Treaty.TreatyResponse<Record<number, unknown>>>;
type Reply<C extends Call> = Treaty.Data<C>;

/**
 * A call's success body; an ApiError with the server's `{message}` for a refusal, and the network's own error
 * when nothing came back. A notification the body carries is announced first.
 */
export async function reply<C extends Call>(call: C): Promise<Reply<C>> {
  const { data, error, response, status } = await call;
  if (error) {
    if (!response) throw error.value instanceof Error ? error.value : error;
    throw errorOf(status, response.statusText, error.value);
  }
  announceCarried(data);
  return data as Reply<C>;
}

/** A route's call as `api` gives it: its path (`~path`, ending in the method) and its reply type. */
type Route = ((...args: never[]) => Call) & { "~path": string };

/** A reply's JSON body, or the ApiError `reply` would give. */
function readReply(ok: boolean, status: number, statusText: string, text: string): unknown {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!ok) throw errorOf(status, statusText, parsed);
  announceCarried(parsed);
  return parsed;
}

/**
 * Sends a multipart form to a route (`api.track({ id }).stem.post`), reporting how much of it has been sent
 * (fetch cannot): `onProgress` gets the sent share from 0 to 1. Replies and refusals as `reply`; a network
 * failure or abort rejects with an Error.
 */
export function sendForm<R extends Route>(
  route: R,
  form: FormData,
  onProgress?: (sent: number) => void,
): Promise<Reply<ReturnType<R>>> {
  const segments = route["~path"].split("/");
  const method = (segments.pop() ?? "post").toUpperCase();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, segments.join("/"));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const ok = xhr.status >= 200 && xhr.status < 300;
        resolve(readReply(ok, xhr.status, xhr.statusText, xhr.responseText) as Reply<ReturnType<R>>);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error("Network error during upload"));
    xhr.onabort = () => reject(new Error("Upload aborted"));
    xhr.send(form);
  });
}

/**
 * SPEC §7 presigned URL: the media URL with a short-lived media token for this user and track in
 * `?token=` (the session token never goes into a URL). SPEC §8 wording when it fails.
 */
export async function presignMediaUrl(url: string) {
  const { data, error, response } = await api.media.presign.post({ url });
  if (error) {
    if (!response) throw error.value instanceof Error ? error.value : error;
    throw new Error(`Failed to get presigned URL: ${response.statusText}`);
  }
  return data;
}

/** The file name a `Content-Disposition: attachment` header gives (its UTF-8 `filename*` first), or null. */
function attachmentName(header: string | null): string | null {
  const encoded = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return header?.match(/filename="([^"]*)"/i)?.[1] ?? null;
}

/**
 * Sends a JSON body to a route that answers a file (`api.track({ id }).mix.post`): the file and the name the server
 * gave it, for the page to save. Eden reads such a reply as text, so this reads it as bytes. Refusals as `reply`.
 */
export async function receiveFile<R extends Route>(
  route: R,
  body: Parameters<R>[0],
): Promise<{ file: Blob; name: string | null }> {
  const segments = route["~path"].split("/");
  const method = (segments.pop() ?? "post").toUpperCase();
  const response = await fetch(segments.join("/"), {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw errorOf(response.status, response.statusText, await response.json().catch(() => null));
  return { file: await response.blob(), name: attachmentName(response.headers.get("content-disposition")) };
}
