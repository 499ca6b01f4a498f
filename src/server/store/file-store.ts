/**
 * The one interface to stored media. Keys are paths made by the server (never from user input),
 * checked by `assertKey`. Two implementations: local disk (local-store.ts) and an S3-compatible
 * bucket through Bun.s3 (s3-store.ts), chosen in index.ts.
 */
export interface StoredFile {
  size: number;
  lastModified: number;
}

/** What a signed URL's response carries, so a browser fetching the bucket directly gets our headers. */
export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** `response-content-type`: the bucket answers with this type instead of the stored one. */
  contentType?: string;
  /** `Content-Disposition` for downloads (`response-content-disposition`). */
  contentDisposition?: string;
  method?: "GET" | "HEAD";
}

export interface FileStore {
  /** Writes bytes atomically: readers see the old file or the whole new one, never a partial write. */
  put(key: string, data: Blob | Uint8Array | string): Promise<StoredFile>;
  /**
   * Writes a stream of unknown length (an account export's zip), pulling one chunk at a time so memory stays
   * flat whatever the size; atomic like `put`. A source that fails stores nothing under the key.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** Moves a finished local file into the store (rename when on the same disk). */
  putFile(key: string, localPath: string): Promise<StoredFile>;
  /** A Blob of the stored size to read or slice (HTTP Range) lazily; null when absent. */
  get(key: string): Promise<Blob | null>;
  stream(key: string): Promise<ReadableStream<Uint8Array> | null>;
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a track's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A path on local disk for tools that need one (ffmpeg). The local store answers the stored file
   * itself; a remote store downloads a copy into `scratchFolder`, which the caller owns and removes.
   */
  localPath(key: string, scratchFolder: string): Promise<string>;
  /** Remote stores only: a short-lived URL reading the object straight from the bucket (presigned). */
  signedUrl?(key: string, options: SignedUrlOptions): string;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
