import { badRequest } from "../../src/server/errors";
import type { StagedFile } from "../../src/server/http/multipart";
import type { Viewer } from "../auth/service";
import { namedUploadId, takeFinishedUploads } from "../resumable-uploads/service";

export const FILE_OR_UPLOAD = "Send the file, or name a finished upload in data.uploadId, not both";

/**
 * A studio route's file: the form's file part, or the finished resumable upload its `data.uploadId` names, taken
 * into `folder` (at most `maxBytes`, the form's own limit). Called after the access check, so a refusal of the
 * track never uses up the upload.
 */
export async function fileOrUpload(
  user: Viewer,
  data: string | undefined,
  file: StagedFile | undefined,
  folder: string,
  maxBytes: number,
): Promise<StagedFile | undefined> {
  const id = namedUploadId(data);
  if (id === null) return file;
  if (file) throw badRequest(FILE_OR_UPLOAD);
  return (await takeFinishedUploads(user, [id], folder, maxBytes))[0];
}

/** Whether a studio form brings audio: a file part, or a finished upload named in `data.uploadId`. */
export const sendsFile = (data: string | undefined, file: StagedFile | undefined): boolean =>
  file !== undefined || namedUploadId(data) !== null;
