import { describe, expect, test } from "bun:test";
import { relativeTime, statusBadge, totalSizeBytes } from "../admin/deleted-tracks";
import { formatFileSize, formatQuotaDuration } from "../lib/format";
import { quotaPercent, showsUsageLabel } from "./storage-quota";

describe("quota durations (SPEC §9: hours and minutes, minutes and seconds, or seconds)", () => {
  test.each([
    [0, "0s"],
    [59.4, "59s"],
    [60, "1m 0s"],
    [754, "12m 34s"],
    [3599, "59m 59s"],
    [3600, "1h 0m"],
    [3 * 3600 + 25 * 60 + 59, "3h 25m"],
    [-5, "0s"],
  ])("%p seconds reads %p", (seconds, text) => {
    expect(formatQuotaDuration(seconds)).toBe(text);
  });
});

describe("file sizes (SPEC §9: B to TB in steps of 1024, one decimal)", () => {
  test.each([
    [0, "0.0 B"],
    [1023, "1023.0 B"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [5 * 1024 ** 2, "5.0 MB"],
    [2.25 * 1024 ** 3, "2.3 GB"],
    [3 * 1024 ** 4, "3.0 TB"],
    [2048 * 1024 ** 4, "2048.0 TB"],
  ])("%p bytes reads %p", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("quota percentages", () => {
  test("are capped at 100 and never negative; no quota with usage is full", () => {
    expect(quotaPercent(50, 200)).toBe(25);
    expect(quotaPercent(500, 200)).toBe(100);
    expect(quotaPercent(-1, 200)).toBe(0);
    expect(quotaPercent(0, 0)).toBe(0);
    expect(quotaPercent(3, 0)).toBe(100);
  });
  test("the label shows only above 10%", () => {
    expect(showsUsageLabel(10)).toBe(false);
    expect(showsUsageLabel(10.1)).toBe(true);
  });
});

describe("deleted-track cells", () => {
  test("status badges: warning, error, and anything else reads Active", () => {
    expect(statusBadge("PENDING_DELETION")).toEqual({ label: "Pending Deletion", tone: "warning" });
    expect(statusBadge("DELETED")).toEqual({ label: "Deleted", tone: "error" });
    expect(statusBadge("ACTIVE")).toEqual({ label: "Active", tone: "ok" });
    expect(statusBadge("SOMETHING_NEW")).toEqual({ label: "Active", tone: "ok" });
  });
  test("total size adds the original, the MP3 and the cover a list item carries", () => {
    const sizes = { originalSizeBytes: 1, mp3SizeBytes: 2, coverArtSizeBytes: 16 };
    expect(totalSizeBytes(sizes)).toBe(19);
    expect(totalSizeBytes({ originalSizeBytes: 100, mp3SizeBytes: 0, coverArtSizeBytes: 0 })).toBe(100);
  });
  test("relative time, or a dash without a date", () => {
    const now = Date.parse("2026-01-10T12:00:00Z");
    expect(relativeTime(null, now)).toBe("—");
    const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
    expect(relativeTime("2026-01-10T11:57:00Z", now)).toBe(format.format(-3, "minute"));
    expect(relativeTime("2026-01-08T12:00:00Z", now)).toBe(format.format(-2, "day"));
    expect(relativeTime("2026-01-10T11:59:58Z", now)).toBe(format.format(-2, "second"));
  });
});
