import { describe, expect, test } from "bun:test";
import { formatDuration, formatPeriod, formatReleaseDate } from "./format";

describe("formatDuration", () => {
  test.each([
    [0, "0:00"],
    [5.9, "0:05"],
    [60, "1:00"],
    [754.2, "12:34"],
  ])("%p seconds reads %p", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  test("missing or invalid durations read '--:--'", () => {
    for (const value of [null, undefined, Number.NaN, -1]) expect(formatDuration(value)).toBe("--:--");
  });
});

describe("formatPeriod", () => {
  test.each([
    [604_800, "7 days"],
    [86_400, "1 day"],
    [129_600, "36 hours"],
    [3_600, "1 hour"],
    [120, "2 minutes"],
    [90, "90 seconds"],
    [3, "3 seconds"],
  ])("%p seconds reads %p", (seconds, text) => {
    expect(formatPeriod(seconds)).toBe(text);
  });
});

describe("formatReleaseDate", () => {
  test("shows year, month and year, or the full date by precision", () => {
    expect(formatReleaseDate("2024-03-05", "YEAR")).toBe("2024");
    expect(formatReleaseDate("2024-03-05", "MONTH")).toBe("March 2024");
    expect(formatReleaseDate("2024-03-05", "DAY")).toBe("March 5, 2024");
    expect(formatReleaseDate("2024-01-01T00:00:00.000Z", "YEAR")).toBe("2024");
  });

  test("no date or a bad one shows nothing", () => {
    expect(formatReleaseDate(null)).toBeNull();
    expect(formatReleaseDate("not a date")).toBeNull();
  });
});
