import { config } from "../../src/server/config";
import { badRequest } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import type { Viewer } from "../auth/service";
import { namedTrackUploads, takeFinishedUploads } from "../resumable-uploads/service";
import { parseUploadInput } from "../tracks/service";
import type { UploadParts } from "./service";

export const FILES_OR_UPLOADS = "Send the files, or name finished uploads in data.uploads, not both";

/**
 * The parts of POST /api/track: the form's files, or the finished resumable uploads its `data.uploads` names, taken
 * into `folder` (and out of the store) only once the track data itself is good, so a typo in a title does not cost
 * the sender their uploads. From here both are the same upload.
 */
export async function uploadParts(
  user: Viewer,
  data: string | undefined,
  files: Record<string, StagedFile[]>,
  folder: string,
): Promise<UploadParts> {
  const named = namedTrackUploads(data);
  if (!named) return { data, original: files.original?.[0], coverArt: files.coverArt?.[0], stems: files.stems };
  if (Object.keys(files).length > 0) throw badRequest(FILES_OR_UPLOADS);
  await parseUploadInput(data);
  const ids = [named.original, named.coverArt, ...named.stems];
  const present = ids.filter((id): id is string => id !== undefined);
  const taken = await takeFinishedUploads(user, present, folder, config().maxUploadBytes);
  const byId = new Map(present.map((id, index) => [id, taken[index] as StagedFile]));
  const staged = (id: string | undefined) => (id === undefined ? undefined : byId.get(id));
  return {
    data,
    original: staged(named.original),
    coverArt: staged(named.coverArt),
    stems: named.stems.map((id) => byId.get(id) as StagedFile),
  };
}
