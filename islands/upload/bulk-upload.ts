import { originalFormatOf, titleError } from "../../src/shared/upload-rules";
import { EMPTY_TRACK_INFO, trackInfoFromForm } from "../form/track-info";
import { ApiError, api, sendForm } from "../lib/api";
import { sendResumable } from "../lib/resumable";
import { showToast } from "../lib/toasts";
import { $bulkUpload, type BulkMatch, type BulkUploadState, canStartUpload } from "./bulk-store";
import { artistOrDefault } from "./file-names";
import { trackUploadsForm } from "./track-form";

const QUOTA_WARNING = "storage-quota-warning";

function setMatch(index: number, change: Partial<BulkMatch>, next: Partial<BulkUploadState> = {}) {
  const state = $bulkUpload.get();
  $bulkUpload.set({
    ...state,
    ...next,
    matches: state.matches.map((match, at) => (at === index ? { ...match, ...change } : match)),
  });
}

/** A match's audio (and cover) as resumable uploads, then the track naming them. */
async function sendMatch(match: BulkMatch, defaultArtistName: string, licenseId: string) {
  const cover = match.coverArt?.file;
  const [original, coverArt] = await sendResumable(cover ? [match.audio, cover] : [match.audio]);
  const form = trackUploadsForm(
    {
      ...trackInfoFromForm({
        ...EMPTY_TRACK_INFO,
        title: match.title,
        primaryArtistName: artistOrDefault(match.artist, defaultArtistName),
        licenseId,
      }),
      originalFormat: originalFormatOf(match.audio.name) ?? "wav",
      stemMetadata: [],
    },
    { original: original as string, coverArt, stems: [] },
  );
  return sendForm(api.track.post, form);
}

function failMatch(index: number, title: string, reason: string, error?: unknown) {
  const message = `Failed to upload ${title}`;
  if (error) console.error(message, error);
  setMatch(index, { error: reason });
  showToast({ type: "error", title: message, message: reason });
}

/**
 * Uploads the matches not yet uploaded (or only `onlyId`, a row's retry), one at a time in list order
 * (SPEC §4). A failed file is marked 'Failed to upload {title}' and the rest still go; a title the
 * server would refuse (too long) fails before anything is sent. A storage-quota warning stops the
 * run after the file that caused it, since each further upload would only fill the quota more.
 */
export async function uploadAll(onlyId?: string): Promise<void> {
  const start = $bulkUpload.get();
  if (!canStartUpload(start)) return;
  const { defaultArtistName, defaultLicenseId } = start;
  $bulkUpload.set({ ...start, error: null });
  let stoppedForQuota = false;
  for (let index = 0; index < $bulkUpload.get().matches.length && !stoppedForQuota; index++) {
    const match = $bulkUpload.get().matches[index] as BulkMatch;
    if (match.uploaded || (onlyId && match.id !== onlyId)) continue;
    const invalidTitle = titleError(match.title);
    if (invalidTitle) {
      failMatch(index, match.title, invalidTitle);
      continue;
    }
    setMatch(index, { error: null }, { currentUploadIndex: index });
    try {
      const created = await sendMatch(match, defaultArtistName, defaultLicenseId);
      setMatch(index, { uploaded: true });
      stoppedForQuota = created.notification?.type === QUOTA_WARNING;
    } catch (error) {
      failMatch(index, match.title, error instanceof ApiError ? error.serverMessage : "The connection failed.", error);
    }
  }
  const state = $bulkUpload.get();
  $bulkUpload.set({ ...state, currentUploadIndex: -1, error: runError(state.matches, stoppedForQuota) });
}

/** What the run leaves to say under the list: why it stopped early, or how many files failed. */
function runError(matches: BulkMatch[], stoppedForQuota: boolean): string | null {
  const left = matches.filter((match) => !match.uploaded).length;
  const tracks = (count: number) => `${count} ${count === 1 ? "track" : "tracks"}`;
  if (stoppedForQuota && left > 0)
    return `Uploading stopped: your storage is almost full. ${tracks(left)} ${left === 1 ? "was" : "were"} not uploaded.`;
  const failed = matches.filter((match) => match.error && !match.uploaded).length;
  if (failed > 0)
    return `${tracks(failed)} could not be uploaded. Edit ${failed === 1 ? "its title" : "their titles"}, retry or remove ${failed === 1 ? "it" : "them"}.`;
  return null;
}
