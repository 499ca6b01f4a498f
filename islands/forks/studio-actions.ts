import type { TrackDetails } from "../../modules/tracks/model";
import { ApiError, api, reply, sendForm } from "../lib/api";
import { sendResumable } from "../lib/resumable";
import { showToast } from "../lib/toasts";
import { audioChanged, pollTrack, REGENERATION_POLL_MS, STEM_ADD_TIMEOUT_MS, STUDIO_POLL_MS } from "./poll";

/** SPEC §5/§8 strings of the fork studio. */
export const STRINGS = {
  fileRequired: ["File Required", "Please select an audio file for the stem."],
  timeout: ["Processing Timeout", "The stem didn't appear in the track data. Please try refreshing the page."],
  invalidType: ["Invalid File Type", "Only WAV and FLAC files are supported for track audio replacement."],
} as const;
export const MAX_REPLACEMENT_BYTES = 50 * 1024 * 1024;

// The toast's title already says what failed (SPEC §8 names the titles), so it carries the server's words alone.
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : String(error);
const fail = (title: string, error: unknown) => showToast({ type: "error", title, message: messageOf(error) });
/** The studio's `data` form: the fields, and the file's finished resumable upload when there is a file. */
async function studioForm(fields: Record<string, string>, file: File | null): Promise<FormData> {
  const [uploadId] = file ? await sendResumable([file]) : [];
  const form = new FormData();
  form.set("data", JSON.stringify(uploadId ? { ...fields, uploadId } : fields));
  return form;
}
const stemReady = (stemId: string) => (track: TrackDetails) =>
  track.stems.some((stem) => stem.id === stemId && stem.waveformData?.length && stem.duration);

/** Add a stem: POST, then every 3 s until it has a waveform and a duration; 30 s at most. True when it appeared. */
export async function addStem(trackId: string, name: string, type: string, file: File | null): Promise<boolean> {
  if (!file) {
    showToast({ type: "error", title: STRINGS.fileRequired[0], message: STRINGS.fileRequired[1] });
    return false;
  }
  let stemId: string;
  try {
    ({ id: stemId } = await sendForm(api.track({ id: trackId }).stem.post, await studioForm({ name, type }, file)));
  } catch (error) {
    fail("Failed to Add Stem", error);
    return false;
  }
  const track = await pollTrack(trackId, STUDIO_POLL_MS, stemReady(stemId), STEM_ADD_TIMEOUT_MS);
  if (!track) {
    showToast({ type: "error", title: STRINGS.timeout[0], message: STRINGS.timeout[1] });
    return false;
  }
  showToast({ type: "success", title: "Stem Added", message: `"${name}" was added to the track.` });
  return true;
}

/** Edit a stem; with a new file, polled every 3 s until it has its waveform and duration again. */
export async function editStem(trackId: string, stemId: string, name: string, type: string, file: File | null) {
  try {
    await sendForm(api.track({ id: trackId }).stem({ stemId }).patch, await studioForm({ name, type }, file));
  } catch (error) {
    fail("Failed to Update Stem", error);
    return false;
  }
  if (file) await pollTrack(trackId, STUDIO_POLL_MS, stemReady(stemId));
  showToast({ type: "success", title: "Stem Updated", message: `"${name}" was saved.` });
  return true;
}

/**
 * Remove a stem. A fork's full track is regenerated: polled every 2 s until its waveform or MP3 URL changes. An
 * original's stays as uploaded, so the removal is done when the server answers.
 */
export async function removeStem(before: TrackDetails, stemId: string) {
  try {
    await reply(api.track({ id: before.id }).stem({ stemId }).delete());
  } catch (error) {
    fail("Failed to Remove Stem", error);
    return false;
  }
  if (!before.isFork) {
    showToast({ type: "success", title: "Stem Removed", message: "The full track stays as you uploaded it." });
    return true;
  }
  await pollTrack(before.id, REGENERATION_POLL_MS, audioChanged(before));
  showToast({ type: "success", title: "Stem Removed", message: "The full track now plays the remaining stems." });
  return true;
}

/** Replace the audio (.wav/.flac, 50 MB): polled every 3 s until the waveform or MP3 URL changes and duration > 0. */
export async function replaceAudio(before: TrackDetails, file: File) {
  if (!/\.(wav|flac)$/i.test(file.name)) {
    showToast({ type: "error", title: STRINGS.invalidType[0], message: STRINGS.invalidType[1] });
    return false;
  }
  if (file.size > MAX_REPLACEMENT_BYTES) {
    fail("Replacement Failed", new Error("The file is larger than 50MB"));
    return false;
  }
  try {
    await sendForm(api.track({ id: before.id }).audio.patch, await studioForm({}, file));
  } catch (error) {
    fail("Replacement Failed", error);
    return false;
  }
  const changed = audioChanged(before);
  await pollTrack(before.id, STUDIO_POLL_MS, (track) => changed(track) && (track.duration ?? 0) > 0);
  showToast({ type: "success", title: "Audio Replaced", message: "The track's audio was replaced." });
  return true;
}
