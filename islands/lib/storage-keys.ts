/** Every localStorage/sessionStorage key carries the product prefix (SPEC §9). */
export const STORAGE_PREFIX = "stemma";
/**
 * Who this browser was signed in as, `{id, username}`: a hint only, read before the first paint to hold the signed-in
 * controls' places. The session itself is an httpOnly cookie no script reads (issue 39); nothing is trusted from this.
 */
export const AUTH_USER_KEY = `${STORAGE_PREFIX}:auth:user`;
/** Where browsers kept the session token before the cookie: moved to the cookie once, then removed (session.ts). */
export const LEGACY_TOKEN_KEY = `${STORAGE_PREFIX}:auth:token`;
export const storageKey = (namespace: string, name: string) => `${STORAGE_PREFIX}:${namespace}:${name}`;
