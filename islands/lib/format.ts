/** Display formatters shared by islands. */
import type { ReleaseDatePrecision } from "../../src/shared/upload-rules";

/** Bytes in B, KB, MB, GB or TB, steps of 1024, one decimal place (SPEC §9). */
export { formatFileSize } from "../../src/shared/file-size";
/** Seconds of quota as 'Xh Ym', 'Xm Ys' or 'Xs' (SPEC §9): said the same way by the server's messages. */
export { formatQuotaDuration } from "../../src/shared/quota-duration";

/** A track or stem length as m:ss, or '--:--' when it is not known yet (SPEC §5). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "--:--";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const RELEASE_DATE_FORMATS: Record<ReleaseDatePrecision, Intl.DateTimeFormatOptions> = {
  YEAR: { year: "numeric" },
  MONTH: { year: "numeric", month: "long" },
  DAY: { year: "numeric", month: "long", day: "numeric" },
};

/**
 * A release date shown by its precision: '2024', 'March 2024' or 'March 5, 2024' (SPEC §9).
 * Read in UTC with a fixed locale, so the server-rendered page and the islands agree.
 */
export function formatReleaseDate(date: string | null | undefined, precision: ReleaseDatePrecision = "DAY"): string | null {
  if (!date) return null;
  const parsed = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(parsed.getTime())) return null;
  return new Intl.DateTimeFormat("en-US", { ...RELEASE_DATE_FORMATS[precision], timeZone: "UTC" }).format(parsed);
}

const PERIOD_UNITS: Array<[string, number]> = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

/** A count of things with its noun: '1 track', '2 tracks', '1,204 plays'. */
export function formatCount(count: number, noun: string): string {
  return `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
}

/** A whole period in the largest unit that divides it: '7 days', '1 day', '36 hours', '90 seconds'. */
export function formatPeriod(seconds: number): string {
  const [unit, size] = PERIOD_UNITS.find(([, size]) => seconds % size === 0) ?? ["second", 1];
  const count = Math.round(seconds / size);
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

export type ActivityLevel = 0 | 1 | 2 | 3;

/** SPEC §4: plays plus downloads; none at 0, then level 1 under 10, 2 under 50, 3 from 50 (SPEC §9 thresholds). */
export function activityLevel(plays: number, downloads: number): ActivityLevel {
  const total = plays + downloads;
  if (total <= 0) return 0;
  if (total < 10) return 1;
  if (total < 50) return 2;
  return 3;
}

export const ACTIVITY_TEXT: Record<ActivityLevel, string> = {
  0: "Activity: No plays or downloads yet",
  1: "Activity: Getting discovered! 🌱",
  2: "Activity: Gaining momentum! ⭐️",
  3: "Activity: Track is on fire! 🔥",
};
