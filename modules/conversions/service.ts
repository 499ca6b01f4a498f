import { rmSync } from "node:fs";
import { join } from "node:path";
import { config } from "../../src/server/config";
import { isDatabaseBusy } from "../../src/server/errors";
import { stagingFolder } from "../../src/server/infra/staging";
import { log } from "../../src/server/logger";
import { fileStore } from "../../src/server/store";
import type { ConversionFormat, ConversionStatus } from "../../src/shared/conversion-status";
import { publishEvents } from "../events/service";
import { derivativeKey, findStemOf, findTrack, type Stem, type Track } from "../tracks/service";
import { encodeDerivative } from "./encode";
import { conversionsRepo } from "./repo";
import type { Conversion } from "./schema";

/** The whole track, or one of its stems. */
export interface ConversionSubject {
  track: Track;
  stem: Stem | null;
}

export const targetOf = ({ stem }: ConversionSubject) => stem?.id ?? "full";
const sourceOf = ({ track, stem }: ConversionSubject) =>
  stem ? { key: stem.fileKey, format: stem.originalFormat } : { key: track.originalKey, format: track.originalFormat };

/** A WAV original already is the WAV download (and a FLAC one the FLAC): nothing to convert or expire. */
export const isOriginalFormat = (subject: ConversionSubject, format: ConversionFormat) => sourceOf(subject).format === format;

/** The status of one derivative given its row (absent row: NOT_STARTED). */
const statusOf = (subject: ConversionSubject, format: ConversionFormat, row: Conversion | undefined): ConversionStatus =>
  isOriginalFormat(subject, format) ? "COMPLETED" : (row?.status ?? "NOT_STARTED");

/**
 * SPEC §7 status reply. While a conversion runs it answers status 'in_progress' with conversionStatus
 * IN_PROGRESS; clients poll until COMPLETED or FAILED, so the extra state is harmless to them.
 */
export async function conversionStatusReply(subject: ConversionSubject, format: ConversionFormat) {
  const conversionStatus = statusOf(subject, format, await conversionsRepo.find(subject.track.id, targetOf(subject), format));
  const status = conversionStatus === "IN_PROGRESS" ? ("in_progress" as const) : ("success" as const);
  // How long a finished file is kept, so the ready toast can say it (SPEC §4: "available for 7 days" by default).
  return { status, data: { conversionStatus, availableForSeconds: config().conversionTtlSeconds } };
}

/** The stored file to serve for a WAV/FLAC download: the original itself, or a completed derivative. */
export async function downloadableKey(subject: ConversionSubject, format: ConversionFormat): Promise<string | null> {
  if (isOriginalFormat(subject, format)) return sourceOf(subject).key;
  const conversion = await conversionsRepo.find(subject.track.id, targetOf(subject), format);
  return conversion?.status === "COMPLETED" ? conversion.fileKey : null;
}

const fullUrl = (trackId: string, format: ConversionFormat) => `/api/track/${trackId}/full.${format}`;
const stemUrl = (trackId: string, stemId: string, format: ConversionFormat) => `/api/track/${trackId}/stem/${stemId}.${format}`;

/**
 * What the track view shows about WAV/FLAC downloads: each status, the URLs of files that exist
 * (original or derivative), the derivatives' sizes, and the same URLs per stem.
 */
/** The WAV/FLAC download state of a track and its stems (the rows the caller has read already). */
export async function conversionStatuses(track: Track, trackStems: Stem[]) {
  const trackId = track.id;
  const rows = await conversionsRepo.listForTrack(trackId);
  const row = (target: string, format: ConversionFormat) =>
    rows.find((candidate) => candidate.target === target && candidate.format === format);
  const status = (subject: ConversionSubject, format: ConversionFormat) =>
    statusOf(subject, format, row(targetOf(subject), format));
  const sizeOf = (format: ConversionFormat) =>
    rows.filter((r) => r.format === format && r.status === "COMPLETED").reduce((sum, r) => sum + r.sizeBytes, 0);
  const full = { track, stem: null };
  const wavConversionStatus = status(full, "wav");
  const flacConversionStatus = status(full, "flac");
  const stems: Record<string, { wavUrl: string | null; flacUrl: string | null }> = {};
  for (const stem of trackStems) {
    const subject = { track, stem };
    stems[stem.id] = {
      wavUrl: status(subject, "wav") === "COMPLETED" ? stemUrl(trackId, stem.id, "wav") : null,
      flacUrl: status(subject, "flac") === "COMPLETED" ? stemUrl(trackId, stem.id, "flac") : null,
    };
  }
  return {
    wavConversionStatus,
    flacConversionStatus,
    fullTrackWavUrl: wavConversionStatus === "COMPLETED" ? fullUrl(trackId, "wav") : null,
    fullTrackFlacUrl: flacConversionStatus === "COMPLETED" ? fullUrl(trackId, "flac") : null,
    wavSizeBytes: sizeOf("wav"),
    flacSizeBytes: sizeOf("flac"),
    stems,
  };
}

/** Tells the pages showing the track that a WAV/FLAC conversion ended, either way. */
const conversionEnded = (conversion: Conversion, status: "COMPLETED" | "FAILED") =>
  publishEvents([
    {
      kind: "conversion",
      trackId: conversion.trackId,
      data: { trackId: conversion.trackId, target: conversion.target, format: conversion.format, status },
    },
  ]);

/**
 * Job `conversions.convert`. It has one attempt (jobs/definitions.ts), so any error here is final and
 * leaves FAILED, from which a new request starts again; a timeout aborts `signal` and ends the same way.
 * Only a crash leaves the row IN_PROGRESS, and the boot sweep (start.ts) gives it its job back.
 */
export async function runConversion(conversionId: string, signal: AbortSignal): Promise<void> {
  try {
    await convert(conversionId, signal);
  } catch (error) {
    // A database locked by another process held its writes: the queue runs it again, still IN_PROGRESS.
    if (isDatabaseBusy(error)) throw error;
    log.warn("conversion failed", { conversionId, error: error instanceof Error ? error.message : String(error) });
    await conversionsRepo.markFailed(
      conversionId,
      signal.aborted ? "The conversion took too long" : "The audio could not be converted",
    );
    const failed = await conversionsRepo.findById(conversionId);
    if (failed?.status === "FAILED") await conversionEnded(failed, "FAILED");
    if (signal.aborted) throw error;
  }
}

/** Encodes into staging, then moves the finished file into the store. */
async function convert(conversionId: string, signal: AbortSignal): Promise<void> {
  const conversion = await conversionsRepo.findById(conversionId);
  if (conversion?.status !== "IN_PROGRESS") return;
  const track = await findTrack(conversion.trackId);
  const stem = conversion.target === "full" ? null : ((await findStemOf(conversion.trackId, conversion.target)) ?? null);
  if (!track || (conversion.target !== "full" && !stem)) {
    await conversionsRepo.markFailed(conversionId, "The track or stem no longer exists");
    await conversionEnded(conversion, "FAILED");
    return;
  }
  const source = sourceOf({ track, stem });
  const folder = stagingFolder();
  const startedAt = Date.now();
  try {
    const output = join(folder, `out.${conversion.format}`);
    await encodeDerivative(await fileStore().localPath(source.key, folder), source.format, conversion.format, output, signal);
    const key = derivativeKey(track.id, conversion.id, conversion.format);
    const stored = await fileStore().putFile(key, output);
    const expiresAt = new Date(Date.now() + config().conversionTtlSeconds * 1000);
    // The track may have been deleted while encoding; then the file must not outlive its row. A second
    // run of the same conversion (a job recovered twice after a crash) finds it COMPLETED with this very
    // key, and keeps the file.
    if (await conversionsRepo.markCompleted(conversion.id, key, stored.size, expiresAt))
      await conversionEnded(conversion, "COMPLETED");
    else if ((await conversionsRepo.findById(conversion.id))?.fileKey !== key) await fileStore().delete(key);
    // Waiting and encoding times, to tell a busy queue from slow encodes.
    log.info("conversion finished", {
      conversionId,
      format: conversion.format,
      queuedMs: startedAt - conversion.updatedAt.getTime(),
      encodeMs: Date.now() - startedAt,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Job `conversions.expire`: deletes derivatives past their time; their status reads NOT_STARTED again. */
export async function expireConversions(): Promise<void> {
  for (const expired of await conversionsRepo.deleteExpired(new Date())) {
    if (expired.fileKey) await fileStore().delete(expired.fileKey);
  }
}

/**
 * A purged track's conversions go with it. A conversion still encoding finds its row gone and
 * deletes the file it made (runConversion), so nothing is left behind.
 */
export async function deleteTrackConversions(trackId: string): Promise<void> {
  for (const conversion of await conversionsRepo.deleteForTrack(trackId)) {
    if (conversion.fileKey) await fileStore().delete(conversion.fileKey);
  }
}

/**
 * A track's audio or a stem changed (fork studio): its WAV/FLAC derivatives describe the old audio,
 * so they go and the status reads NOT_STARTED. `target` is "full" or a stem id.
 */
export async function invalidateConversions(trackId: string, target: string): Promise<void> {
  for (const conversion of await conversionsRepo.deleteForTarget(trackId, target)) {
    if (conversion.fileKey) await fileStore().delete(conversion.fileKey);
  }
}
