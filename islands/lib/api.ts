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

/** The one API client: bearer token, JSON or FormData bodies, `{message}` errors turned into ApiError. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const query = options.fresh ? { ...options.query, _: Date.now() } : options.query;
  if (options.fresh) headers["cache-control"] = "no-cache";
  const response = await fetch(apiUrl(path, query), { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === "string" && message ? message : response.statusText);
  }
  announceNotification(parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("DELETE", path, { ...options, body }),
};

/** A media URL that carries the token as `?token=` (for <audio>/<img>, which cannot send headers). */
export function mediaUrl(path: string, query?: Query): string {
  const token = currentToken();
  return apiUrl(path, token ? { ...query, token } : query);
}
