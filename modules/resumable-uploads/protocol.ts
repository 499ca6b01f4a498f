import { badRequest, HttpError } from "../../src/server/errors";

/**
 * The tus 1.0 protocol's headers (https://tus.io/protocols/resumable-upload): what this server speaks, and the
 * checks of what a client sends. The rules about uploads themselves are in service.ts.
 */
export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,creation-with-upload,termination,expiration";
/** The only body type a tus PATCH (and a creation with its first bytes) carries. */
export const OFFSET_OCTET_STREAM = "application/offset+octet-stream";

/** Every request but OPTIONS names the version it speaks; anything but 1.0.0 is a 412 (with Tus-Version). */
export function checkTusResumable(headers: Headers): void {
  if (headers.get("tus-resumable") !== TUS_VERSION)
    throw new HttpError(412, `Send the header Tus-Resumable: ${TUS_VERSION} (the only tus version this server speaks)`);
}

/** A header that must be a whole number of bytes (Upload-Length, Upload-Offset); null when absent. */
export function byteCount(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null) return null;
  if (!/^\d{1,16}$/.test(raw.trim())) throw badRequest(`${name} must be a whole number of bytes`);
  return Number(raw.trim());
}

const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_METADATA_BYTES = 4096;

/**
 * Upload-Metadata: comma-separated `key base64value` pairs. Only kept as text for the client (the file name, its
 * type); the server never uses a value as a path.
 */
export function parseMetadata(raw: string | null): Record<string, string> {
  if (!raw?.trim()) return {};
  if (raw.length > MAX_METADATA_BYTES) throw badRequest("Upload-Metadata is too long");
  const metadata: Record<string, string> = {};
  for (const pair of raw.split(",")) {
    const [key = "", value = "", ...rest] = pair.trim().split(" ");
    if (!METADATA_KEY.test(key) || rest.length > 0 || key in metadata)
      throw badRequest("Upload-Metadata must be comma-separated pairs of a key and a base64 value");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw badRequest(`Upload-Metadata ${key} is not base64`);
    metadata[key] = Buffer.from(value, "base64").toString("utf8");
  }
  return metadata;
}

/** The same metadata as the header spells it, for HEAD. */
export const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, "utf8").toString("base64")}`)
    .join(",");
