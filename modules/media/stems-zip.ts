import { conflict, notFound } from "../../src/server/errors";
import { zipStream } from "../../src/server/infra/zip";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import { incrementDownloads, listStemsOf, type Track } from "../tracks/service";
import { attachmentDisposition, safeFileName } from "./content-disposition";
import { type DownloadFormat, stemFile } from "./service";

/** A stem's name in the zip: its place first, so names stay unique (and in order) whatever the stems are called. */
const entryName = (index: number, name: string, format: DownloadFormat) =>
  safeFileName(`${String(index + 1).padStart(2, "0")} ${name}`, format);

/**
 * GET /api/track/{id}/stems.zip?format=: every stem of a track the caller may download, in one zip streamed as it is
 * made (memory stays flat for 20 stems of 24-bit audio). A WAV or FLAC that is neither the stem's original nor a
 * finished conversion makes it 409 with how many are missing: the track page converts them first (the same
 * conversions as each stem's own button), then asks. A complete zip counts one download of the track.
 */
export async function sendStemsZip(track: Track, format: DownloadFormat): Promise<Response> {
  const stems = await listStemsOf(track.id);
  if (!stems.length) throw notFound("This track has no stems");
  const files = await Promise.all(stems.map((stem) => stemFile(track, stem, format)));
  const missing = files.filter((file) => !file.key).length;
  if (missing)
    throw conflict(
      format === "mp3"
        ? `${missing} of ${stems.length} stems are still being processed; try again in a moment`
        : `The ${format.toUpperCase()} files of ${missing} of ${stems.length} stems are not ready yet: convert them first`,
    );
  const entries = await Promise.all(
    stems.map(async (stem, index) => {
      const key = files[index]?.key as string;
      const stat = await fileStore().stat(key);
      if (!stat) throw notFound("A stem's file is missing");
      return { path: entryName(index, stem.name, format), key, size: stat.size };
    }),
  );
  const output = zipStream(entries);
  output.once("end", () =>
    incrementDownloads(track.id).catch((error) =>
      log.warn("a stems zip's download was not counted", { trackId: track.id, error: String(error) }),
    ),
  );
  // Bun reads a Node stream body as the client takes it, so backpressure reaches the store (Readable.toWeb in
  // between held more: stems-zip-memory.test.ts).
  return new Response(output as unknown as ReadableStream, {
    headers: {
      "content-type": "application/zip",
      // The format in the name, so a track's MP3, WAV and FLAC zips can sit side by side in one folder.
      "content-disposition": attachmentDisposition(`${track.title} - stems (${format.toUpperCase()})`, "zip"),
      "cache-control": "private, no-store",
    },
  });
}
