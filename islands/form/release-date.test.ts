import { expect, test } from "bun:test";
import { localDate, releaseDateError } from "../../src/shared/upload-rules";
import { convertReleaseDate, latestReleaseDate } from "./release-date";
import { EMPTY_TRACK_INFO, trackInfoFromForm } from "./track-info";

test("release dates: not after the user's today at any precision", () => {
  const today = new Date(2025, 2, 9);
  expect(latestReleaseDate("DAY", today)).toBe("2025-03-09");
  expect(latestReleaseDate("MONTH", today)).toBe("2025-03");
  expect(latestReleaseDate("YEAR", today)).toBe("2025");
  const latestDay = localDate(today);
  expect(releaseDateError("2025-03-09", "DAY", latestDay)).toBeNull();
  expect(releaseDateError("2025-03-10", "DAY", latestDay)).toBe("Release date cannot be in the future");
  expect(releaseDateError("2025-04", "MONTH", latestDay)).toBe("Release date cannot be in the future");
  expect(releaseDateError("2026", "YEAR", latestDay)).toBe("Release date cannot be in the future");
  expect(releaseDateError("", "DAY", latestDay)).toBeNull();
  expect(releaseDateError("99", "YEAR", latestDay)).toBe("Release date must be a valid date");
});

test("changing precision keeps what still fits", () => {
  expect(convertReleaseDate("2024-03-05", "MONTH")).toBe("2024-03");
  expect(convertReleaseDate("2024-03", "YEAR")).toBe("2024");
  expect(convertReleaseDate("2024", "DAY")).toBe("2024-01-01");
  expect(convertReleaseDate("", "YEAR")).toBe("");
});

test("the forms send release dates as ISO days (SPEC §7), the precision saying how much of it counts", () => {
  const sent = (releaseDate: string, releaseDatePrecision: "YEAR" | "MONTH" | "DAY") =>
    trackInfoFromForm({ ...EMPTY_TRACK_INFO, releaseDate, releaseDatePrecision });
  expect(sent("2023-07", "MONTH")).toMatchObject({ releaseDate: "2023-07-01", releaseDatePrecision: "MONTH" });
  expect(sent("2023", "YEAR")).toMatchObject({ releaseDate: "2023-01-01", releaseDatePrecision: "YEAR" });
  expect(sent("2023-07-14", "DAY")).toMatchObject({ releaseDate: "2023-07-14", releaseDatePrecision: "DAY" });
  expect(sent("", "MONTH").releaseDate).toBeNull();
});
