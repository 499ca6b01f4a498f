/**
 * A random id in the form of a version 4 UUID. Made from `crypto.getRandomValues`, which every browser offers
 * everywhere, because `crypto.randomUUID` exists only in secure contexts (https and localhost): a home self-host on
 * plain http under a LAN name (http://nas.local:3000) has none. The one way browser code makes an id
 * (tests/architecture/secure-context.test.ts).
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562: the version (4) in byte 6's high nibble, the variant (10xx) in byte 8's two high bits.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
