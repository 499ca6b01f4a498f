import { atom } from "nanostores";
import { originalFormatOf } from "../../src/shared/upload-rules";
import { randomId } from "../lib/random-id";
import { matchCovers } from "./cover-match";
import { extensionOf, trackFromFileName } from "./file-names";

/** A picture offered as cover art; `url` previews it in the page. */
export interface CoverArt {
  id: string;
  file: File;
  url: string;
}

/** One audio file to become one track. */
export interface BulkMatch {
  id: string;
  audio: File;
  title: string;
  /** From the file name ("Artist - Title"); null means the default artist applies. */
  artist: string | null;
  coverArt: CoverArt | null;
  uploaded: boolean;
  /** Why the last attempt failed (the server's message); shown under 'Failed to upload {title}'. */
  error: string | null;
}

/** SPEC §3 Bulk upload state. `currentUploadIndex` is -1 when nothing is being sent. */
export interface BulkUploadState {
  matches: BulkMatch[];
  unmatchedCoverArt: CoverArt[];
  defaultArtistName: string;
  defaultLicenseId: string;
  currentUploadIndex: number;
  error: string | null;
}

const empty: BulkUploadState = {
  matches: [],
  unmatchedCoverArt: [],
  defaultArtistName: "",
  defaultLicenseId: "",
  currentUploadIndex: -1,
  error: null,
};

export const $bulkUpload = atom<BulkUploadState>(empty);

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp"];
const isImage = (file: File) => IMAGE_EXTENSIONS.includes(extensionOf(file.name));

/** SPEC §4: in progress while the current index points at a match still being worked through. */
export const isInProgress = (state: BulkUploadState) =>
  state.currentUploadIndex >= 0 && state.currentUploadIndex < state.matches.length;

/** SPEC §4: complete when matches exist and all are uploaded. */
export const isComplete = (state: BulkUploadState) => state.matches.length > 0 && state.matches.every((m) => m.uploaded);

/** SPEC §2/§5: nothing to do without matches, without a default licence, or with everything uploaded. */
export const canStartUpload = (state: BulkUploadState) =>
  !isInProgress(state) && state.defaultLicenseId !== "" && state.matches.some((match) => !match.uploaded);

const update = (change: (state: BulkUploadState) => Partial<BulkUploadState>) => {
  const state = $bulkUpload.get();
  $bulkUpload.set({ ...state, ...change(state) });
};

/** Takes the cover out of wherever it is (a track or the unmatched area). */
function withoutCover(state: BulkUploadState, coverId: string) {
  return {
    matches: state.matches.map((match) => (match.coverArt?.id === coverId ? { ...match, coverArt: null } : match)),
    unmatchedCoverArt: state.unmatchedCoverArt.filter((cover) => cover.id !== coverId),
  };
}

const findCover = (state: BulkUploadState, coverId: string) =>
  state.unmatchedCoverArt.find((cover) => cover.id === coverId) ??
  state.matches.find((match) => match.coverArt?.id === coverId)?.coverArt ??
  null;

/**
 * Adds dropped or picked files: audio files become tracks, pictures become cover art, matched by
 * name to tracks that have none yet (SPEC §5). A file already in the list is not added twice.
 * Returns the names of files that are neither, so the page can say they were skipped.
 */
export function addFiles(files: readonly File[]): string[] {
  const state = $bulkUpload.get();
  const known = new Set(
    [...state.matches.map((m) => m.audio), ...state.unmatchedCoverArt.map((c) => c.file)].map((f) => `${f.name}/${f.size}`),
  );
  const fresh = files.filter((file) => !known.has(`${file.name}/${file.size}`));
  // Dropped files arrive in any order; file names usually carry the track order ("01 - ...").
  const newMatches: BulkMatch[] = fresh
    .filter((file) => originalFormatOf(file.name))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
    .map((audio) => ({
      id: randomId(),
      audio,
      ...trackFromFileName(audio.name),
      coverArt: null,
      uploaded: false,
      error: null,
    }));
  const newCovers: CoverArt[] = fresh.filter(isImage).map((file) => ({ id: randomId(), file, url: URL.createObjectURL(file) }));

  const matches = [...state.matches, ...newMatches];
  const loose = [...state.unmatchedCoverArt, ...newCovers];
  // Only tracks without a cover take part, so covers placed by hand stay where they were put.
  const open = matches.filter((match) => !match.coverArt);
  const pairs = matchCovers(
    open.map((match) => match.audio.name),
    loose.map((cover) => cover.file.name),
  );
  const coverFor = new Map([...pairs].map(([track, cover]) => [open[track]?.id, loose[cover] as CoverArt]));
  const taken = new Set([...coverFor.values()].map((cover) => cover.id));
  $bulkUpload.set({
    ...state,
    matches: matches.map((match) => (coverFor.has(match.id) ? { ...match, coverArt: coverFor.get(match.id) ?? null } : match)),
    unmatchedCoverArt: loose.filter((cover) => !taken.has(cover.id)),
    error: null,
  });
  return fresh.filter((file) => !originalFormatOf(file.name) && !isImage(file)).map((file) => file.name);
}

/** Puts a cover on a track (its previous cover goes to the unmatched area), or with null unmatches it. */
export function moveCover(coverId: string, toMatchId: string | null): void {
  update((state) => {
    const cover = findCover(state, coverId);
    if (!cover) return {};
    const rest = withoutCover(state, coverId);
    if (toMatchId === null) return { ...rest, unmatchedCoverArt: [...rest.unmatchedCoverArt, cover] };
    const target = rest.matches.find((match) => match.id === toMatchId);
    if (!target || target.uploaded) return {};
    const displaced = target.coverArt ? [target.coverArt] : [];
    return {
      matches: rest.matches.map((match) => (match.id === toMatchId ? { ...match, coverArt: cover } : match)),
      unmatchedCoverArt: [...rest.unmatchedCoverArt, ...displaced],
    };
  });
}

/** Drops a picture altogether. */
export function discardCover(coverId: string): void {
  update((state) => {
    const cover = findCover(state, coverId);
    if (cover) URL.revokeObjectURL(cover.url);
    return withoutCover(state, coverId);
  });
}

/** Takes a track off the list; its cover stays available in the unmatched area. */
export function removeMatch(matchId: string): void {
  update((state) => {
    const match = state.matches.find((m) => m.id === matchId);
    return {
      matches: state.matches.filter((m) => m.id !== matchId),
      // The last run's summary counted this track; it no longer describes the list.
      error: null,
      unmatchedCoverArt: match?.coverArt ? [...state.unmatchedCoverArt, match.coverArt] : state.unmatchedCoverArt,
    };
  });
}

/** A new title for a track (one the file name made too long, say); its last failure no longer applies. */
export function renameMatch(matchId: string, title: string): void {
  update((state) => ({
    matches: state.matches.map((match) => (match.id === matchId ? { ...match, title, error: null } : match)),
    error: null,
  }));
}

export const setDefaultArtistName = (defaultArtistName: string) => update(() => ({ defaultArtistName }));
export const setDefaultLicenseId = (defaultLicenseId: string) => update(() => ({ defaultLicenseId }));

/** Empties the list (the chosen default artist and licence stay). */
export function clearAll(): void {
  update((state) => {
    for (const cover of [...state.unmatchedCoverArt, ...state.matches.flatMap((m) => (m.coverArt ? [m.coverArt] : []))])
      URL.revokeObjectURL(cover.url);
    return { matches: [], unmatchedCoverArt: [], currentUploadIndex: -1, error: null };
  });
}
