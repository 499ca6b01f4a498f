import { type PassThrough, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ZipFile } from "yazl";
import { fileStore, type StoredFile } from "../../src/server/store";
import type { ZipEntry } from "./manifest";

/**
 * Writes the zip into the store as it is made: each stored file is streamed into it in turn, and the zip into
 * the store (putStream), so memory holds a few chunks whatever the export's size. Files are stored, not deflated:
 * audio and WebP are compressed already, and the job stays I/O-bound. yazl switches to ZIP64 by itself past 4 GiB
 * or 65,534 entries; each file's size is given, so a stream that delivers another length fails the export.
 */
export function storeZip(
  key: string,
  manifest: { path: string; json: string },
  entries: ZipEntry[],
  signal: AbortSignal,
): Promise<StoredFile> {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only NodeJS.ReadableStream): destroying it fails the store's write.
  const output = zip.outputStream as PassThrough;
  const fail = (error: Error) => output.destroy(error);
  zip.on("error", fail);
  if (signal.aborted) fail(new Error("The export was stopped"));
  signal.addEventListener("abort", () => fail(new Error("The export was stopped")), { once: true });
  const mtime = new Date();
  // The JSON is small beside the media, and compresses well.
  zip.addBuffer(Buffer.from(manifest.json), manifest.path, { mtime });
  for (const entry of entries) {
    // Lazy: a file's stream is opened only when the zip reaches it, never all at once.
    zip.addReadStreamLazy(entry.path, { compress: false, size: entry.size, mtime }, (callback) => {
      fileStore.stream(entry.key).then(
        (stream) => {
          if (!stream) return callback(new Error(`${entry.key} left the store during the export`), null as never);
          const readable = Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);
          readable.on("error", fail);
          callback(null, readable);
        },
        (error: Error) => callback(error, null as never),
      );
    });
  }
  zip.end();
  return fileStore.putStream(key, output);
}
