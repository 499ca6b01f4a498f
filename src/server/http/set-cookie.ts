/** What a route may set on its reply (Elysia's `set`). */
export interface Settable {
  headers: Record<string, string | string[] | number | undefined> & { "set-cookie"?: string | string[] };
}

/** Adds a Set-Cookie header to the reply, beside any set before (each cookie needs its own header). */
export function addCookie(set: Settable, cookie: string): void {
  const before = set.headers["set-cookie"];
  set.headers["set-cookie"] = before === undefined ? [cookie] : [...(Array.isArray(before) ? before : [before]), cookie];
}
