const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes in B, KB, MB, GB or TB, steps of 1024, one decimal place (SPEC §9): said the same way by the server's messages. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
