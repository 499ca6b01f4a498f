/** Display formatters shared by islands. */

/** Seconds of quota as 'Xh Ym', 'Xm Ys' or 'Xs' (SPEC §9). */
export function formatQuotaDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes in B, KB, MB, GB or TB, steps of 1024, one decimal place (SPEC §9). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
