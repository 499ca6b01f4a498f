import { conflict } from "../../src/server/errors";
import { enqueue } from "../../src/server/infra/queue";
import { log } from "../../src/server/logger";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { conversionsRepo } from "./repo";
import { type ConversionSubject, isOriginalFormat, targetOf } from "./service";

/*
 * The only part of the module that talks to the queue, so the status reads that track views use (and
 * the admin scripts that import them) never open it.
 */

/** Adds the encode job durably; the id makes a second add (the boot sweep) a no-op while one is queued or running. */
async function enqueueConversion(conversionId: string): Promise<void> {
  await enqueue("conversions.convert", { conversionId }, `conversion-${conversionId}`);
}

/**
 * Starts a conversion unless one runs ('in_progress') or the file exists ('success'). A FAILED one
 * starts again. The original was fully decoded at upload, so it converts while the MP3 and waveform
 * are still being made; only audio whose processing failed is refused.
 */
export async function startConversion(subject: ConversionSubject, format: ConversionFormat) {
  if (isOriginalFormat(subject, format)) return { status: "success" as const };
  if ((subject.stem ?? subject.track).processingStatus === "FAILED")
    throw conflict("This audio could not be processed, so it cannot be converted");
  const claimed = await conversionsRepo.claim(subject.track.id, targetOf(subject), format);
  if (!claimed) {
    const current = await conversionsRepo.find(subject.track.id, targetOf(subject), format);
    return { status: current?.status === "IN_PROGRESS" ? ("in_progress" as const) : ("success" as const) };
  }
  try {
    await enqueueConversion(claimed.id);
  } catch (error) {
    await conversionsRepo.markFailed(claimed.id, "Could not queue the conversion");
    throw error;
  }
  return { status: "success" as const };
}

/**
 * Boot: every conversion still IN_PROGRESS gets its job back. A crash between the claim and the
 * enqueue above leaves a row with no job, which would otherwise answer in_progress forever.
 */
export async function resumeInProgressConversions(): Promise<void> {
  const ids = await conversionsRepo.inProgressIds();
  for (const id of ids) await enqueueConversion(id);
  if (ids.length) log.info("re-queued conversions still in progress", { count: ids.length });
}
