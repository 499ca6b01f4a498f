import { rm } from "node:fs/promises";
import { join } from "node:path";
import { environmentFault } from "../../src/server/errors";
import { stagingFolder } from "../../src/server/staging";

/** Bytes of one request body, on local disk; `complete` is false when the client went away mid-body. */
export interface ReceivedPart {
  path: string;
  folder: string;
  size: number;
  complete: boolean;
  /** The body went on past `maxBytes`: what arrived is not to be kept. */
  over: boolean;
}

const FLUSH_BYTES = 4 * 1024 * 1024;

/**
 * Streams a tus request's body to a fresh staging file, one chunk at a time (memory stays flat whatever its size).
 * Up to `maxBytes` are taken, more is refused by the caller. A body cut off by the network is not an error: the bytes
 * that did arrive are kept, which is the point of a resumable upload. The caller removes `folder`.
 */
export async function receivePart(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<ReceivedPart> {
  const folder = stagingFolder();
  const path = join(folder, "part");
  const sink = Bun.file(path).writer({ highWaterMark: 1024 * 1024 });
  let size = 0;
  let complete = true;
  let over = false;
  let unflushed = 0;
  try {
    for await (const chunk of body) {
      if (size + chunk.byteLength > maxBytes) {
        over = true;
        break;
      }
      sink.write(chunk);
      size += chunk.byteLength;
      unflushed += chunk.byteLength;
      // Wait for the disk once a few megabytes are pending, so a fast client cannot fill memory.
      if (unflushed >= FLUSH_BYTES) {
        await sink.flush();
        unflushed = 0;
      }
    }
  } catch (error) {
    const fault = environmentFault(error);
    if (fault) {
      await Promise.resolve(sink.end()).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
      throw fault;
    }
    complete = false;
  }
  await sink.end();
  return { path, folder, size, complete, over };
}
