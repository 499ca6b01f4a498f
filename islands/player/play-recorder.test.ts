import { expect, test } from "bun:test";
import { listenedSeconds } from "./play-recorder";

test("a step no longer than the time that passed is listening, even when the playhead is reported seldom", () => {
  expect(listenedSeconds(0.25, 0.25)).toBe(0.25);
  // A busy page reports the playhead every 2 s: those 2 s were heard.
  expect(listenedSeconds(2, 2.01)).toBe(2);
  expect(listenedSeconds(1.2, 0.9)).toBe(1.2);
});

test("a jump past the time that passed is a seek, and a step back is never listening", () => {
  expect(listenedSeconds(30, 0.25)).toBe(0);
  expect(listenedSeconds(3, 1)).toBe(0);
  expect(listenedSeconds(-4, 0.25)).toBe(0);
  expect(listenedSeconds(0, 0.25)).toBe(0);
});
