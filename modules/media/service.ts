import { notFound } from "../../src/server/errors";
import { fileStore } from "../../src/server/store";
import { downloadableKey } from "../conversions/service";
import { type CoverSize, coverVariantKey, incrementDownloads, type Stem, type Track } from "../tracks/service";
import { attachmentDisposition } from "./content-disposition";
import { hotMedia } from "./hot-media";
import { serveRemoteFile } from "./remote-delivery";
import { type Served, type ServeOptions, serveFile } from "./serve-file";

export { mediaTokenHolder as resourceTokenHolder, signMediaToken as signResourceToken } from "../../src/server/http/media-token";
/**
 * For stored files that are no track's (an account export, modules/exports): a media token names a `resource`
 * such as `export:{id}`, never a bare id, so it can never pass for a track's token (or one for a track for it).
 */
export { attachmentDisposition } from "./content-disposition";

export type DownloadFormat = "mp3" | "wav" | "flac";

/** One stored file resolved for a request: where it is, its type, and the name a download gets. */
export interface MediaFile {
  key: string | null;
  contentType: string;
  extension: string;
  downloadTitle: string;
  /** The message when the file does not exist (yet). */
  missing: string;
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  flac: "audio/flac",
  xm: "audio/x-xm",
  it: "audio/x-it",
  s3m: "audio/x-s3m",
  mod: "audio/x-mod",
  webp: "image/webp",
};

function audioFile(key: string | null, extension: string, downloadTitle: string, missing: string): MediaFile {
  return { key, extension, downloadTitle, missing, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" };
}

/**
 * Covers processed before the thumb size existed have none: their card, the next size up, answers for it, so an
 * embed of an older track still shows its cover.
 */
export async function coverFile(track: Track, size: CoverSize): Promise<MediaFile> {
  let key = track.coverArtPending ? null : coverVariantKey(track, size);
  if (key && size === "thumb" && !(await fileStore().stat(key))) key = coverVariantKey(track, "card");
  return { key, contentType: "image/webp", extension: "webp", downloadTitle: track.title, missing: "Cover art not found" };
}

export function originalFile(track: Track): MediaFile {
  return audioFile(track.originalKey, track.originalFormat, track.title, "Original file not found");
}

/** mp3 is the streaming copy; wav/flac the original when it has that format, else a finished conversion. */
export async function fullTrackFile(track: Track, format: DownloadFormat): Promise<MediaFile> {
  if (format === "mp3") return audioFile(track.mp3Key, "mp3", track.title, "The MP3 is not ready yet");
  const key = await downloadableKey({ track, stem: null }, format);
  return audioFile(key, format, track.title, `No ${format.toUpperCase()} file yet: request a conversion first`);
}

export async function stemFile(track: Track, stem: Stem, format: DownloadFormat): Promise<MediaFile> {
  const title = `${track.title} - ${stem.name}`;
  if (format === "mp3") return audioFile(stem.mp3Key, "mp3", title, "The stem's MP3 is not ready yet");
  const key = await downloadableKey({ track, stem }, format);
  return audioFile(key, format, title, `No ${format.toUpperCase()} file for this stem yet: request a conversion first`);
}

/**
 * Sends a resolved file with Range/ETag support. Public, active tracks' media may be cached; anything
 * else is private. A complete 200 answer to `?attachment` counts one download (Range chunks and 304s do not).
 * Media on a remote store (S3) go by redirect or proxy (remote-delivery.ts); local media are served here.
 */
export async function sendMedia(request: Request, track: Track, file: MediaFile, attachment: boolean): Promise<Response> {
  if (!file.key) throw notFound(file.missing);
  const options: ServeOptions = {
    contentType: file.contentType,
    cacheable: track.isPublic && track.status === "ACTIVE",
    disposition: attachment ? attachmentDisposition(file.downloadTitle, file.extension) : undefined,
  };
  const store = fileStore();
  const served = store.signedUrl
    ? await serveRemoteFile(request, file.key, options, file.missing, store.signedUrl.bind(store))
    : await serveLocalFile(request, file.key, options, file.missing);
  if (attachment && served.complete && request.method === "GET") await incrementDownloads(track.id);
  return served.response;
}

/**
 * A private stored file that is no track's (an account export), after the caller's own access check: Range, ETag
 * and the disposition on local disk, a presigned redirect or the proxy on S3, like every media file; never cached.
 */
export async function sendStoredFile(
  request: Request,
  key: string,
  file: { contentType: string; disposition: string; missing: string },
): Promise<Response> {
  const options: ServeOptions = { contentType: file.contentType, cacheable: false, disposition: file.disposition };
  const store = fileStore();
  const served = store.signedUrl
    ? await serveRemoteFile(request, key, options, file.missing, store.signedUrl.bind(store))
    : await serveLocalFile(request, key, options, file.missing);
  return served.response;
}

async function serveLocalFile(request: Request, key: string, options: ServeOptions, missing: string): Promise<Served> {
  const blob = await fileStore().get(key);
  const stat = await fileStore().stat(key);
  if (!blob || !stat) throw notFound(missing);
  return serveFile(request, hotMedia(key, stat, blob) ?? blob, key, stat, options);
}
