/**
 * The one interface to stored media. Keys are paths made by the server (never from user input),
 * checked by `assertKey`. A local-disk implementation ships; an S3 one can implement the same shape
 * with Bun.s3, whose files are Blobs too.
 */
export interface StoredFile {
  size: number;
  lastModified: number;
}

export interface FileStore {
  /** Writes bytes atomically: readers see the old file or the whole new one, never a partial write. */
  put(key: string, data: Blob | Uint8Array | string): Promise<StoredFile>;
  /** Moves a finished local file into the store (rename when on the same disk). */
  putFile(key: string, localPath: string): Promise<StoredFile>;
  /** A Blob to read or slice (HTTP Range) lazily; null when absent. */
  get(key: string): Promise<Blob | null>;
  stream(key: string): Promise<ReadableStream<Uint8Array> | null>;
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (a track's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** A path on local disk for tools that need one (ffmpeg); S3 would download to staging first. */
  localPath(key: string): Promise<string>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
