import { fileStore } from "../../src/server/store";
import { COVER_SIZE_NAMES, listStemsOf, type Track, trackKeys } from "../tracks/service";
import { trackFilesRepo } from "./repo";

/** Every stored file a track's rows name, each with the key whose use decides it (a cover size: the page size). */
async function filesOf(track: Track): Promise<Array<{ key: string; namedAs: string }>> {
  const own = (key: string | null) => (key ? [{ key, namedAs: key }] : []);
  const cover = track.coverArtKey;
  const covers = cover ? COVER_SIZE_NAMES.map((size) => ({ key: trackKeys.coverVariant(cover, size), namedAs: cover })) : [];
  const stemFiles = (await listStemsOf(track.id)).flatMap((stem) => [...own(stem.fileKey), ...own(stem.mp3Key)]);
  return [...own(track.originalKey), ...own(track.mp3Key), ...covers, ...stemFiles];
}

/**
 * Deletes those of `keys` that no live row names any more (after a studio change has pointed its
 * row at new files). A cover size follows its page size.
 */
export async function releaseFiles(keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (key && !(await trackFilesRepo.anyLiveRowNamesKey(key, null))) await fileStore().delete(key);
  }
}

/**
 * A purged track's files: each goes unless another live track or stem names it. When nothing else
 * names anything in its folder, the whole folder goes (leftovers of interrupted jobs included).
 */
export async function deleteUnsharedFiles(track: Track): Promise<void> {
  const folder = trackKeys.folder(track.id);
  for (const { key, namedAs } of await filesOf(track)) {
    if (!(await trackFilesRepo.anyLiveRowNamesKey(namedAs, track.id))) await fileStore().delete(key);
  }
  if (!(await trackFilesRepo.anyLiveRowNamesUnder(folder, track.id))) await fileStore().deletePrefix(folder);
}
