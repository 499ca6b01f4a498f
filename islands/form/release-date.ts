import { localDate, type ReleaseDatePrecision } from "../../src/shared/upload-rules";

const PRECISION_LENGTH: Record<ReleaseDatePrecision, number> = { YEAR: 4, MONTH: 7, DAY: 10 };

/** Today in the user's calendar, as the value of each precision's input ("2025", "2025-03", "2025-03-09"). */
export function latestReleaseDate(precision: ReleaseDatePrecision, today = new Date()): string {
  return localDate(today).slice(0, PRECISION_LENGTH[precision]);
}

/** Keeps what still fits when the precision changes: "2024-03-05" → "2024-03" → "2024"; going finer starts on the 1st. */
export function convertReleaseDate(value: string, to: ReleaseDatePrecision): string {
  const [year, month, day] = value.split("-");
  if (!year || !/^\d{4}$/.test(year)) return "";
  if (to === "YEAR") return year;
  if (to === "MONTH") return `${year}-${month ?? "01"}`;
  return `${year}-${month ?? "01"}-${day ?? "01"}`;
}
