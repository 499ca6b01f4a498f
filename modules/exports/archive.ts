import { zipStream } from "../../src/server/infra/zip";
import { fileStore, type StoredFile } from "../../src/server/store";
import type { ZipEntry } from "./manifest";

/** Writes the export's zip into the store as it is made (putStream), its JSON file first. */
export function storeZip(
  key: string,
  manifest: { path: string; json: string },
  entries: ZipEntry[],
  signal: AbortSignal,
): Promise<StoredFile> {
  return fileStore().putStream(key, zipStream(entries, { texts: [{ path: manifest.path, text: manifest.json }], signal }));
}
