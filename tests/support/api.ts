import type { ApiServer } from "./server";

export interface Session {
  token: string;
  user: { id: string; email: string; username: string; role: "USER" | "ADMIN" };
}

let counter = 0;

/** A JSON call against the test server (over HTTP, or handed to an in-process app); returns status and parsed body. */
export async function call<T = unknown>(
  server: ApiServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const request = new Request(`${server.url}/api${path}`, { method, headers, body });
  const response = await (server.handle ?? fetch)(request);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Registers a fresh user (unique e-mail and username) and returns its session. */
export async function signUp(
  server: ApiServer,
  overrides: Partial<{ email: string; username: string; password: string; inviteCode: string }> = {},
) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  const input = { email: `user${id}@example.com`, username: `user_${id}`, password: "Secret123", ...overrides };
  const res = await call<Session>(server, "POST", "/auth/signup", { body: input });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, password: input.password };
}
