/** The one error shape: every 4xx/5xx answers `{ message }`. Services throw these; the app maps them. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** A full disk: nothing of the request was kept, and trying again once space is freed works. */
export const STORAGE_FULL = "The server's storage is full, so nothing was saved. Please try again later.";
/** The database is locked by another process (a backup, a script) for longer than SQLite waits. */
export const DATABASE_BUSY = "The server is busy, so nothing was saved. Please try again in a moment.";

/**
 * Faults of the machine rather than of the request, found anywhere in an error's `cause` chain (drizzle
 * wraps SQLite's errors): a full disk is a 507 and a database locked by another process a 503, each with
 * its message, so neither reads as a 500 or as a bad upload.
 */
export function environmentFault(error: unknown): HttpError | null {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    // PostgreSQL's SQLSTATEs: 53100 disk_full, 55P03 lock_not_available.
    if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL" || code === "53100")
      return new HttpError(507, STORAGE_FULL);
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code === "55P03") return new HttpError(503, DATABASE_BUSY);
  }
  return null;
}

/** Whether `error` is the database locked by another process: a pause to wait out, not a fault of the work. */
export const isDatabaseBusy = (error: unknown) => environmentFault(error)?.message === DATABASE_BUSY;
