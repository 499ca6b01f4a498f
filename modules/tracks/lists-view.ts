import { findUserById, type Viewer } from "../auth/service";
import { listLicenses } from "../licenses/service";
import type { Track } from "./schema";

/** SPEC §3: a '{address}' prefix on a media URL means the file is still being processed. */
const PROCESSING = "{address}";

/** A track as list cards show it: the SPEC §3 field names of GET /api/track/{id}, without stems and shares. */
export function toListItems(rows: Track[], viewer: Viewer | null) {
  const licenseTypes = new Map(listLicenses().map((license) => [license.id, license.type]));
  const usernames = new Map<string, string>();
  for (const row of rows) if (!usernames.has(row.userId)) usernames.set(row.userId, findUserById(row.userId)?.username ?? "");
  return rows.map((track) => {
    const base = `/api/track/${track.id}`;
    const audioReady = track.processingStatus === "READY";
    const item = {
      id: track.id,
      userId: track.userId,
      title: track.title,
      description: track.description,
      primaryArtistName: track.primaryArtistName,
      duration: track.duration,
      coverArt: track.coverArtPending ? `${PROCESSING}${base}/cover` : track.coverArtKey ? `${base}/cover` : null,
      originalFormat: track.originalFormat,
      originalUrl: audioReady ? `${base}/original` : `${PROCESSING}${base}/original`,
      bpm: track.bpm,
      key: track.key,
      isExplicit: track.isExplicit,
      isPublic: track.isPublic,
      releaseDate: track.releaseDate,
      releaseDatePrecision: track.releaseDatePrecision,
      genreNames: track.genreNames,
      licenseId: track.licenseId,
      licenseType: licenseTypes.get(track.licenseId) ?? null,
      waveformData: track.waveformData,
      fullTrackMp3Url: track.mp3Key ? `${base}/full.mp3` : null,
      totalPlays: track.totalPlays,
      totalDownloads: track.totalDownloads,
      forkCount: track.forkCount,
      isFork: track.isFork,
      forkedFromId: track.forkedFromId,
      createdAt: track.createdAt.toISOString(),
      user: { username: usernames.get(track.userId) ?? "" },
      status: track.status,
      deletedAt: track.deletedAt?.toISOString() ?? null,
      totalQuotaSeconds: track.totalQuotaSeconds,
    };
    // Sizes are the owner's and the admins' business (storage screens), not every visitor's.
    const maySeeSizes = viewer && (viewer.id === track.userId || viewer.role === "ADMIN");
    return maySeeSizes
      ? {
          ...item,
          originalSizeBytes: track.originalSizeBytes,
          mp3SizeBytes: track.mp3SizeBytes,
          coverArtSizeBytes: track.coverArtSizeBytes,
        }
      : item;
  });
}

export type ListItem = ReturnType<typeof toListItems>[number];
