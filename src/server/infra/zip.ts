import { type PassThrough, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ZipFile } from "yazl";
import { fileStore } from "../store";

/** A stored file to put in a zip: where it is in the zip, its store key and its size. */
export interface ZippedFile {
  path: string;
  key: string;
  size: number;
}

/**
 * The one zip writer (an account export into the store, a track's stems to a download): stored files are streamed
 * into the zip one at a time, each opened only when the zip reaches it, so memory holds a few chunks whatever the
 * zip's size. Files are stored, not deflated: audio and WebP are compressed already. yazl switches to ZIP64 by
 * itself past 4 GiB or 65,534 entries; each file's size is given, so a stream that delivers another length fails
 * the zip. `texts` (small, compressible: a JSON file) go first. The output fails when `signal` aborts.
 */
export function zipStream(files: ZippedFile[], options: { texts?: { path: string; text: string }[]; signal?: AbortSignal } = {}) {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only NodeJS.ReadableStream): destroying it fails the reader.
  const output = zip.outputStream as PassThrough;
  const fail = (error: Error) => output.destroy(error);
  zip.on("error", fail);
  const { signal } = options;
  if (signal?.aborted) fail(new Error("The zip was stopped"));
  signal?.addEventListener("abort", () => fail(new Error("The zip was stopped")), { once: true });
  const mtime = new Date();
  for (const { path, text } of options.texts ?? []) zip.addBuffer(Buffer.from(text), path, { mtime });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false, size: file.size, mtime }, (callback) => {
      fileStore()
        .stream(file.key)
        .then(
          (stream) => {
            if (!stream) return callback(new Error(`${file.key} left the store while it was zipped`), null as never);
            const readable = Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);
            readable.on("error", fail);
            callback(null, readable);
          },
          (error: Error) => callback(error, null as never),
        );
    });
  }
  zip.end();
  return output;
}
