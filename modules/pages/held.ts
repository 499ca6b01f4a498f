import type { Encoding } from "../../src/server/http/compression";

/**
 * A kept answer in one encoding, ready to send: its bytes as read, or as a Blob once held (a Response shares a
 * Blob's bytes, where a byte array is copied into every answer).
 */
export interface HeldForm {
  etag: string;
  body: Blob | Uint8Array<ArrayBuffer>;
  headers: Headers;
  notModified: Headers;
}

/** The forms a path may be held in: each content encoding, and the bytes as they are (clients accepting neither). */
type HeldEncoding = Encoding | "identity";

interface Entry {
  /** The version and fills the forms were kept at. */
  stamp: string;
  builtAt: number;
  forms: Partial<Record<HeldEncoding, HeldForm & { body: Blob }>>;
  bytes: number;
}

/** How many paths asked for once lately are remembered (by key alone: a few hundred KB). */
const SEEN_ONCE_KEYS = 4096;

/**
 * Kept answers also held in this process's memory, in the encodings asked for, least recently used first out past
 * `maxBytes`, from a path's second request on: a catalogue's long tail, asked for once (a crawler's pass), would
 * push out the pages read again and again. A held form saves reading its bytes from the database; it is sent only at
 * the stamp of the page's current state (known-states.ts), so never once its page has changed.
 */
export function createHeldForms({ maxBytes }: { maxBytes: number }) {
  const entries = new Map<string, Entry>();
  const seenOnce = new Map<string, true>();
  let bytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  return {
    /** The form held for `key` at `stamp` (and younger than `maxAgeMs`, when given), if any. */
    get(key: string, stamp: string, encoding: HeldEncoding, maxAgeMs: number | undefined, now: number): HeldForm | undefined {
      const entry = entries.get(key);
      if (!entry || entry.stamp !== stamp || (maxAgeMs !== undefined && now - entry.builtAt >= maxAgeMs)) return undefined;
      const form = entry.forms[encoding];
      if (!form) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return form;
    },

    /** Holds `form` when `key` was asked for once already lately (or is held at another stamp or encoding). */
    offer(key: string, stamp: string, builtAt: number, encoding: HeldEncoding, form: HeldForm) {
      let entry = entries.get(key);
      if (!entry && !seenOnce.delete(key)) {
        seenOnce.set(key, true);
        if (seenOnce.size > SEEN_ONCE_KEYS) seenOnce.delete(seenOnce.keys().next().value as string);
        return;
      }
      if (entry?.stamp !== stamp || entry.builtAt !== builtAt) entry = { stamp, builtAt, forms: {}, bytes: 0 };
      forget(key);
      const body = form.body instanceof Blob ? form.body : new Blob([form.body]);
      entry.bytes += body.size - (entry.forms[encoding]?.body.size ?? 0);
      entry.forms[encoding] = { ...form, body };
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [oldest] of entries) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    /** Bytes held (for the memory figures). */
    get bytes() {
      return bytes;
    },
  };
}
