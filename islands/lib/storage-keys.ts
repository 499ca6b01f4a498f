/** Every localStorage/sessionStorage key carries the product prefix (SPEC §9). */
export const STORAGE_PREFIX = "stemma";
export const AUTH_TOKEN_KEY = `${STORAGE_PREFIX}:auth:token`;
export const storageKey = (namespace: string, name: string) => `${STORAGE_PREFIX}:${namespace}:${name}`;
