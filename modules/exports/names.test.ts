import { expect, test } from "bun:test";
import { safeExtension, safeSegment } from "./names";

test.each([
  ["../../etc/passwd", "etc passwd"],
  ["..", "untitled"],
  ["a/b\\c", "a b c"],
  ["x..y", "x.y"],
  ["track\u202egnp.exe", "track gnp.exe"],
  ["bell\u0007and\nnewline", "bell and newline"],
  ['what?*:<>|"', "what"],
  ["  .hidden.  ", "hidden"],
  ["CON", "_CON"],
  ["Café", "Café"],
])("safeSegment(%p) is %p", (title, expected) => {
  expect(safeSegment(title, 60, "untitled")).toBe(expected);
});

test("the cap counts characters and never splits one", () => {
  const name = safeSegment("🎵".repeat(100), 60, "untitled");
  expect(Array.from(name)).toHaveLength(60);
  expect(name).toBe("🎵".repeat(60));
});

test("an extension is a short lowercase word, or bin", () => {
  expect(safeExtension("flac")).toBe("flac");
  expect(safeExtension("../x")).toBe("bin");
});
