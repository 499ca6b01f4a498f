/** SPEC §3: a '{address}' prefix on originalUrl / coverArt means the file is still being processed. */
export const PROCESSING_MARKER = "{address}";
export const isProcessingUrl = (url: string | null | undefined): boolean => !!url?.startsWith(PROCESSING_MARKER);
