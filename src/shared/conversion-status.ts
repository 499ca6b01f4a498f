/** WAV/FLAC derivative formats and their states, shown in a Track's JSON (tracks) and stored by conversions. */
export const CONVERSION_FORMATS = ["wav", "flac"] as const;
export const CONVERSION_STATUSES = ["NOT_STARTED", "IN_PROGRESS", "COMPLETED", "FAILED"] as const;
export type ConversionFormat = (typeof CONVERSION_FORMATS)[number];
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
