/**
 * The track-files module's public surface: the lifecycle of the files tracks and stems name. Files are shared, never
 * copied (a fork names its original's keys), so a file goes only when no live row names it: after a studio change
 * (`withFilesInFlight`, whose records settle a change cut short), and when a deleted track is purged. It owns the
 * files_in_flight table and reads the tracks and stems rows through tracks/schema.ts (docs/architecture.md).
 */
export { FILES_IN_FLIGHT_MAX_SECONDS, sweepFilesInFlight, withFilesInFlight } from "./in-flight";
export { beforePurge, purgeDeletedTracks } from "./purge";
