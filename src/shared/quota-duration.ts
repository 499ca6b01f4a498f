/** Which way a duration rounds to what is shown; "nearest" unless a message must not overstate or understate. */
export type QuotaRounding = "nearest" | "up" | "down";

const HOUR = 3600;

/**
 * Seconds of quota as 'Xh Ym', 'Xm Ys' or 'Xs' (SPEC §9), for the storage screens and the server's
 * quota messages alike. From an hour up only minutes show, so rounding up then reaches the next
 * shown minute: what an upload needs never reads as less than it is.
 */
export function formatQuotaDuration(totalSeconds: number, rounding: QuotaRounding = "nearest"): string {
  const round = rounding === "up" ? Math.ceil : rounding === "down" ? Math.floor : Math.round;
  const whole = Math.max(0, round(totalSeconds));
  const seconds = rounding === "up" && whole > HOUR ? Math.ceil(whole / 60) * 60 : whole;
  const hours = Math.floor(seconds / HOUR);
  const minutes = Math.floor((seconds % HOUR) / 60);
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}
