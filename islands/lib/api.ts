import { currentToken } from "./auth";
import { showToast } from "./toasts";
import { bumpUnread } from "./unread";

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

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Polling: adds a cache-busting parameter and a no-cache header (SPEC §7). */
  fresh?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ""}`;
}

/** SPEC §7: any response carrying a notification object shows a toast and raises the unread count. */
function announceNotification(body: unknown): void {
  const notification = (body as { notification?: { title?: string; message?: string; type?: string } } | null)?.notification;
  if (!notification?.title) return;
  showToast({
    type: notification.type === "storage-quota-warning" ? "warning" : "info",
    title: notification.title,
    message: notification.message ?? "",
  });
  bumpUnread();
}

function authHeaders(): Record<string, string> {
  const token = currentToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** A reply's JSON body, or an ApiError with the server's `{message}` (else the status text). */
function readReply<T>(ok: boolean, status: number, statusText: string, text: string): T {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!ok) {
    const message = (parsed as { message?: unknown } | null)?.message;
    throw new ApiError(status, typeof message === "string" && message ? message : statusText);
  }
  announceNotification(parsed);
  return parsed as T;
}

/** The one API client: bearer token, JSON or FormData bodies, `{message}` errors turned into ApiError. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = authHeaders();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const query = options.fresh ? { ...options.query, _: Date.now() } : options.query;
  if (options.fresh) headers["cache-control"] = "no-cache";
  const response = await fetch(apiUrl(path, query), { method, headers, body, signal: options.signal });
  return readReply<T>(response.ok, response.status, response.statusText, await response.text());
}

/**
 * POSTs a multipart form like `request`, reporting how much of it has been sent (fetch cannot):
 * `onProgress` gets the sent share from 0 to 1. A network failure or abort rejects with an Error.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(path));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readReply<T>(xhr.status >= 200 && xhr.status < 300, xhr.status, xhr.statusText, xhr.responseText));
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
export async function presignMediaUrl(url: string): Promise<{ url: string; expiresAt: string | null }> {
  const response = await fetch(apiUrl("/media/presign"), {
    method: "POST",
    headers: { ...authHeaders(), "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error(`Failed to get presigned URL: ${response.statusText}`);
  return (await response.json()) as { url: string; expiresAt: string | null };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("DELETE", path, { ...options, body }),
};
