/**
 * The SPEC §3 marker: while audio is still processing, a track's `originalUrl` (and `coverArt`, while the cover is
 * being sized) start with this literal, which tells clients to show 'Processing audio...' and a placeholder image.
 * The server writes it (modules/tracks/view.ts) and the islands read it.
 */
export const PROCESSING_MARKER = "{address}";

export const isProcessingUrl = (url: string | null | undefined): boolean => !!url?.startsWith(PROCESSING_MARKER);
