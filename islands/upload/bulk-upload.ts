import { ApiError, upload } from "../lib/api";
import { showToast } from "../lib/toasts";
import { $bulkUpload, $currentProgress, type BulkMatch, type BulkUploadState, canStartUpload } from "./bulk-store";
import { artistOrDefault } from "./file-names";
import { type CreatedTrack, trackFormData } from "./track-form";
import { originalFormatOf } from "./upload-rules";

const QUOTA_WARNING = "storage-quota-warning";

function setMatch(index: number, change: Partial<BulkMatch>, next: Partial<BulkUploadState> = {}) {
  const state = $bulkUpload.get();
  $bulkUpload.set({
    ...state,
    ...next,
    matches: state.matches.map((match, at) => (at === index ? { ...match, ...change } : match)),
  });
}

function sendMatch(match: BulkMatch, defaultArtistName: string, licenseId: string): Promise<CreatedTrack> {
  const form = trackFormData(
    {
      title: match.title,
      primaryArtistName: artistOrDefault(match.artist, defaultArtistName),
      originalFormat: originalFormatOf(match.audio.name) ?? "wav",
      bpm: null,
      key: null,
      genreNames: [],
      description: "",
      isExplicit: false,
      isPublic: true,
      licenseId,
      releaseDate: null,
      releaseDatePrecision: "DAY",
      stemMetadata: [],
    },
    { original: match.audio, coverArt: match.coverArt?.file },
  );
  return upload<CreatedTrack>("/track", form, (sent) => $currentProgress.set(sent));
}

/**
 * Uploads the matches not yet uploaded, one at a time in list order (SPEC §4). A failed file is
 * marked 'Failed to upload {title}' and the rest still go; a storage-quota warning stops the run
 * after the file that caused it, since each further upload would only fill the quota more.
 */
export async function uploadAll(): Promise<void> {
  const start = $bulkUpload.get();
  if (!canStartUpload(start)) return;
  const { defaultArtistName, defaultLicenseId } = start;
  $bulkUpload.set({ ...start, error: null });
  for (let index = 0; index < $bulkUpload.get().matches.length; index++) {
    const match = $bulkUpload.get().matches[index] as BulkMatch;
    if (match.uploaded) continue;
    $currentProgress.set(0);
    setMatch(index, { error: null }, { currentUploadIndex: index });
    try {
      const created = await sendMatch(match, defaultArtistName, defaultLicenseId);
      setMatch(index, { uploaded: true });
      if (created.notification?.type === QUOTA_WARNING) {
        const left = $bulkUpload.get().matches.filter((m) => !m.uploaded).length;
        const error = `Uploading stopped: your storage is almost full. ${left} ${left === 1 ? "track was" : "tracks were"} not uploaded.`;
        $bulkUpload.set({ ...$bulkUpload.get(), error });
        break;
      }
    } catch (error) {
      const message = `Failed to upload ${match.title}`;
      const reason = error instanceof ApiError ? error.serverMessage : "The connection failed.";
      console.error(message, error);
      setMatch(index, { error: reason }, { error: message });
      showToast({ type: "error", title: message, message: reason });
    }
  }
  $bulkUpload.set({ ...$bulkUpload.get(), currentUploadIndex: -1 });
}
