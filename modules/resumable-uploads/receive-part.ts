import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { environmentFault } from "../../src/server/errors";
import { stagingFolder } from "../../src/server/infra/staging";

/** Bytes of one request body, on local disk: all of it, or as much as arrived before the client went away. */
export interface ReceivedPart {
  path: string;
  folder: string;
  size: number;
}

/**
 * Writes a tus request's body to a fresh staging file. Bun.write streams a Request straight to disk (its resident
 * memory grows by a few MB for a body of any size, where reading the stream in JavaScript costs tens). The caller has
 * bounded the body by its Content-Length. A body cut off by the network is not an error: the bytes that did arrive
 * are kept, which is the point of a resumable upload. The caller removes `folder`.
 */
export async function receivePart(request: Request): Promise<ReceivedPart> {
  const folder = stagingFolder();
  const path = join(folder, "part");
  try {
    await Bun.write(path, request);
  } catch (error) {
    const fault = environmentFault(error);
    if (fault) {
      await rm(folder, { recursive: true, force: true });
      throw fault;
    }
    // The connection broke: what arrived is kept as it is.
  }
  const size = (await stat(path).catch(() => null))?.size ?? 0;
  return { path, folder, size };
}
