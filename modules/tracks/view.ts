import { extensionPoint } from "../../src/server/extension-point";
import type { ConversionStatus } from "../../src/shared/conversion-status";
import { PROCESSING_MARKER } from "../../src/shared/processing-marker";
import { PAGE_WAVEFORM_PAIRS, shrinkWaveform } from "../../src/shared/waveform";
import type { Viewer } from "../auth/service";
import { DELETED_USER, findUserById, usernamesOf } from "../auth/service";
import { getLicense, type License, listLicenses } from "../licenses/service";
import type { StemDetails, TrackDetails, TrackListItem } from "./model";
import { tracksRepo } from "./repo";
import type { ListedTrack, OwnedTrack, Stem, Track } from "./schema";

/**
 * Whether clients should still show 'Processing audio...'. A track stops processing for them once it
 * is playable (waveform drawn, and something the browser streams: the WAV/FLAC original, or the MP3
 * for modules and for WAVs browsers cannot play), even while the MP3 is still encoding; and when
 * processing has failed. `hasWaveform`: whether the card waveform is stored, which it is with the full one (upload.ts),
 * so it tells whether the audio was read.
 */
export function isTrackProcessing(track: OwnedTrack, hasWaveform: boolean): boolean {
  if (track.processingStatus !== "PENDING") return false;
  const originalPlays = (track.originalFormat === "wav" || track.originalFormat === "flac") && track.originalStreamable;
  const streamable = originalPlays || track.mp3Key !== null;
  return !hasWaveform || !streamable;
}

/** What a track's JSON shows about WAV/FLAC downloads: statuses, URLs of files that exist, derivative sizes. */
export interface DownloadState {
  wavConversionStatus: ConversionStatus;
  flacConversionStatus: ConversionStatus;
  fullTrackWavUrl: string | null;
  fullTrackFlacUrl: string | null;
  wavSizeBytes: number;
  flacSizeBytes: number;
  stems: Record<string, { wavUrl: string | null; flacUrl: string | null }>;
}

/** Provided by modules/conversions, which builds on tracks: the state of a track and its stems as read. */
export const downloadStates = extensionPoint<(track: Track, stems: Stem[]) => Promise<DownloadState>>("tracks: download states");
/** Whether a user likes a track (modules/likes, which counts on tracks, provides it). */
export const userLikes = extensionPoint<(userId: string, trackId: string) => Promise<boolean>>(
  "tracks: whether a user likes a track",
);

type Conversions = DownloadState;

/**
 * The Track JSON's waveform: the stored peaks at the size the page's players draw. Peaks are stored at that size
 * (src/server/audio/peaks.ts), so this only shrinks waveforms stored at 2,000 pairs before that, which the players
 * do not draw: a track and four stems at that size made the JSON 100 KB of numbers.
 */
const trackWaveform = (peaks: number[] | null) =>
  peaks && peaks.length > 2 * PAGE_WAVEFORM_PAIRS ? shrinkWaveform(peaks, PAGE_WAVEFORM_PAIRS, { keepLevel: true }) : peaks;

function stemView(track: Track, stem: Stem, conversions: Conversions): StemDetails {
  const base = `/api/track/${track.id}/stem/${stem.id}`;
  return {
    id: stem.id,
    name: stem.name,
    type: stem.type,
    index: stem.index,
    waveformData: trackWaveform(stem.waveformData),
    duration: stem.duration,
    originalFormat: stem.originalFormat,
    mp3Url: stem.mp3Key ? `${base}.mp3` : null,
    wavUrl: conversions.stems[stem.id]?.wavUrl ?? null,
    flacUrl: conversions.stems[stem.id]?.flacUrl ?? null,
    loudnessLufs: stem.loudnessLufs,
    truePeakDb: stem.truePeakDb,
    mix: { gainDb: stem.mixGainDb, pan: stem.mixPan, muted: stem.mixMuted },
    processingStatus: stem.processingStatus,
    processingError: stem.processingError,
  };
}

/** What a track's JSON needs from the auth and licence modules; a list page looks these up once. */
interface TrackFacts {
  username: string;
  licenseType: License["type"] | null;
}

/**
 * Every SPEC §3 field except stems, sharedWith and the WAV/FLAC download state. `waveformData` is the
 * page-sized waveform for GET /track/{id}, the card-sized one for lists (both null until the audio is read).
 */
function trackFields(
  track: OwnedTrack,
  waveformData: number[] | null,
  hasWaveform: boolean,
  { username, licenseType }: TrackFacts,
): TrackListItem {
  const base = `/api/track/${track.id}`;
  const marker = (path: string) => `${PROCESSING_MARKER}${path}`;
  const coverArt = track.coverArtPending ? marker(`${base}/cover`) : track.coverArtKey ? `${base}/cover` : null;
  return {
    id: track.id,
    userId: track.userId,
    title: track.title,
    description: track.description,
    primaryArtistName: track.primaryArtistName,
    duration: track.duration,
    coverArt,
    originalFormat: track.originalFormat,
    originalUrl: isTrackProcessing(track, hasWaveform) ? marker(`${base}/original`) : `${base}/original`,
    bpm: track.bpm,
    key: track.key,
    isExplicit: track.isExplicit,
    isPublic: track.isPublic,
    releaseDate: track.releaseDate,
    releaseDatePrecision: track.releaseDatePrecision,
    genreNames: track.genreNames,
    licenseId: track.licenseId,
    licenseType,
    waveformData,
    fullTrackMp3Url: track.mp3Key ? `${base}/full.mp3` : null,
    totalPlays: track.totalPlays,
    totalDownloads: track.totalDownloads,
    forkCount: track.forkCount,
    likeCount: track.likeCount,
    isFork: track.isFork,
    forkedFromId: track.forkedFromId,
    createdAt: track.createdAt.toISOString(),
    user: { username },
    status: track.status,
    deletedAt: track.deletedAt?.toISOString() ?? null,
    originalSizeBytes: track.originalSizeBytes,
    mp3SizeBytes: track.mp3SizeBytes,
    coverArtSizeBytes: track.coverArtSizeBytes,
    totalQuotaSeconds: track.totalQuotaSeconds,
    loudnessLufs: track.loudnessLufs,
    truePeakDb: track.truePeakDb,
    moduleTitle: track.moduleTitle,
    moduleMessage: track.moduleMessage,
    processingStatus: track.processingStatus,
    processingError: track.processingError,
  };
}

/** The WAV/FLAC download state: files that exist (original or derivative), statuses and derivative sizes. */
function downloadFields(conversions: Conversions) {
  return {
    fullTrackWavUrl: conversions.fullTrackWavUrl,
    fullTrackFlacUrl: conversions.fullTrackFlacUrl,
    wavConversionStatus: conversions.wavConversionStatus,
    flacConversionStatus: conversions.flacConversionStatus,
    wavSizeBytes: conversions.wavSizeBytes,
    flacSizeBytes: conversions.flacSizeBytes,
  };
}

/** The SPEC §3 Track; its type is the route schema's (model.ts), so the compiler holds the two together. */
export async function trackView(track: Track, viewer: Viewer | null): Promise<TrackDetails> {
  const isOwner = viewer?.id === track.userId;
  const trackStems = await tracksRepo.listStemsOf(track.id);
  const conversions = await downloadStates.get()(track, trackStems);
  const facts = {
    username: (await usernamesOf([track.userId])).get(track.userId) ?? DELETED_USER,
    licenseType: (await getLicense(track.licenseId)).type,
  };
  const sharedWith = [];
  if (isOwner)
    for (const userId of await tracksRepo.sharesOf(track.id))
      sharedWith.push({ userId, user: { email: (await findUserById(userId))?.email ?? "" } });
  return {
    ...trackFields(track, trackWaveform(await tracksRepo.waveformOf(track.id)), track.waveformPreview !== null, facts),
    ...downloadFields(conversions),
    stems: trackStems.map((stem) => stemView(track, stem, conversions)),
    sharedWith,
    likedByMe: viewer ? await userLikes.get()(viewer.id, track.id) : false,
  };
}

/** Where the list-sized Track's JSON holds its waveform: a key is followed by a colon only outside strings. */
const WAVEFORM_SLOT = '"waveformData":null';

/**
 * Each row's list-sized Track (GET /api/tracks*, search; kept by kept-list-items.ts) as JSON text, in the rows' order:
 * trackView's fields without stems, sharedWith and the WAV/FLAC download state, and with the card-sized waveform
 * (waveform-preview.ts) written as it is stored (schema.ts listedTrackColumns), the same text JSON.stringify makes of
 * it. Cards show none of the rest and the track page loads it; usernames and licence types are looked up once per
 * call, never per item.
 */
export async function trackListItemsJson(rows: ListedTrack[]): Promise<string[]> {
  const licenseTypes = new Map((await listLicenses()).map((license) => [license.id, license.type]));
  const usernames = await usernamesOf(rows.map((track) => track.userId));
  return rows.map((track) => {
    const facts = {
      username: usernames.get(track.userId) ?? DELETED_USER,
      licenseType: licenseTypes.get(track.licenseId) ?? null,
    };
    const waveform = track.waveformPreviewJson;
    const json = JSON.stringify(trackFields(track, null, waveform !== null, facts));
    return waveform === null ? json : json.replace(WAVEFORM_SLOT, () => `"waveformData":${waveform}`);
  });
}
