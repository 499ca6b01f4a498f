import { atom } from "nanostores";
import { type DetailedError, Upload } from "tus-js-client";
import { ApiError } from "./api";
import { randomId } from "./random-id";

/** One file of a resumable batch: its name, bytes sent and size. */
export interface FileProgress {
  /** Tells the files of one batch apart (two may share a name). */
  key: string;
  name: string;
  sent: number;
  size: number;
}

export interface ResumableState {
  files: FileProgress[];
  paused: boolean;
  /** What the batch is waiting on, in words: a lost connection it retries after, an earlier upload it continues. */
  note: string | null;
}

/** The batch being sent (null when none): what the progress panel shows. */
export const $resumable = atom<ResumableState | null>(null);

/** The share of a batch's bytes sent, 0 to 1. */
export function sentShare(state: ResumableState | null): number {
  const size = state?.files.reduce((sum, file) => sum + file.size, 0) ?? 0;
  const sent = state?.files.reduce((sum, file) => sum + file.sent, 0) ?? 0;
  return size > 0 ? sent / size : 1;
}

/** After a network loss: at once, then backing off to a minute between tries, for about ten minutes. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, ...Array(10).fill(60_000)];
/** Below the 100 MB a proxy such as Cloudflare lets one request carry. */
const CHUNK_BYTES = 50 * 1024 * 1024;

let current: Upload | null = null;

function update(change: (state: ResumableState) => Partial<ResumableState>): void {
  const state = $resumable.get();
  if (state) $resumable.set({ ...state, ...change(state) });
}

/** Forgets the last batch, so a panel shows nothing until the next one starts. */
export function clearResumable(): void {
  $resumable.set(null);
}

/** Stops sending (the bytes sent so far stay on the server). */
export function pauseUploads(): void {
  void current?.abort();
  update(() => ({ paused: true, note: null }));
}

/** Goes on from where the server got to. */
export function resumeUploads(): void {
  current?.start();
  update(() => ({ paused: false }));
}

/** The server's `{message}` of a refusal, as every other call reports it; the network's error otherwise. */
function failure(error: Error | DetailedError): Error {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new Error("The connection failed and did not come back. Try again to continue where it stopped.");
  let message = "";
  try {
    message = (JSON.parse(response.getBody()) as { message?: string }).message ?? "";
  } catch {}
  return new ApiError(response.getStatus(), message || "The upload was refused");
}

/**
 * Sends one file with tus: in chunks, retried with back-off after a network loss, and continued from an earlier
 * upload of the same file (tus-js-client keeps its URL in localStorage by the file's name, type, size and date)
 * after a reload. Its finished upload's id.
 */
function sendOne(file: File, index: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const progress = (sent: number) =>
      update((state) => ({ files: state.files.map((entry, at) => (at === index ? { ...entry, sent } : entry)) }));
    const upload = new Upload(file, {
      endpoint: "/api/uploads",
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: progress,
      onShouldRetry: (error) => {
        const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
        const retrying = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retrying) update(() => ({ note: "The connection was lost: trying again..." }));
        return retrying;
      },
      onChunkComplete: () => update((state) => ({ note: state.note?.startsWith("Continuing") ? state.note : null })),
      onSuccess: () => resolve((upload.url ?? "").split("/").pop() ?? ""),
      onError: (error) => reject(failure(error)),
    });
    current = upload;
    upload
      .findPreviousUploads()
      .then((previous) => {
        const earlier = previous[0];
        if (earlier) {
          upload.resumeFromPreviousUpload(earlier);
          update(() => ({ note: `Continuing the earlier upload of ${file.name} where it stopped.` }));
        }
        upload.start();
      })
      .catch(() => upload.start());
  });
}

/** Sends `files` one after another as resumable uploads; their upload ids, in order. */
export async function sendResumable(files: File[]): Promise<string[]> {
  $resumable.set({
    files: files.map((file) => ({ key: randomId(), name: file.name, sent: 0, size: file.size })),
    paused: false,
    note: null,
  });
  const ids: string[] = [];
  for (const [index, file] of files.entries()) ids.push(await sendOne(file, index));
  current = null;
  return ids;
}
