import { expect, test } from "bun:test";
import { formatQuotaDuration } from "./quota-duration";

test.each([
  [0, "0s", "0s", "0s"],
  [1.43, "1s", "2s", "1s"],
  [59.6, "1m 0s", "1m 0s", "59s"],
  [119.2, "1m 59s", "2m 0s", "1m 59s"],
  [3600, "1h 0m", "1h 0m", "1h 0m"],
  [3600.2, "1h 0m", "1h 1m", "1h 0m"],
  [3 * 3600 + 25 * 60 + 59, "3h 25m", "3h 26m", "3h 25m"],
  [-5, "0s", "0s", "0s"],
])("%p seconds reads %p (nearest), %p (up), %p (down)", (seconds, nearest, up, down) => {
  expect(formatQuotaDuration(seconds)).toBe(nearest);
  expect(formatQuotaDuration(seconds, "up")).toBe(up);
  expect(formatQuotaDuration(seconds, "down")).toBe(down);
});
