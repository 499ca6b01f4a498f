import { describe, expect, test } from "bun:test";
import { safeReturnPath, signInHref } from "./return-path";

describe("safeReturnPath", () => {
  test.each([["/track/abc"], ["/track/abc?tab=stems"], ["/my-tracks/shared"], ["/search?q=caf%C3%A9"]])(
    "keeps the path on this site %p",
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  test.each([
    ["https://evil.example"],
    ["//evil.example"],
    ["//evil.example/track/abc"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    [" /track/abc"],
    ["javascript:alert(1)"],
    ["evil.example"],
    ["track/abc"],
    [""],
    [null],
    [undefined],
  ])("sends %p home", (next) => {
    expect(safeReturnPath(next)).toBe("/");
  });

  test("a sign-in screen is not returned to, whatever its query", () => {
    for (const screen of ["/login", "/register?next=%2Ftrack%2Fabc", "/request-early-access"])
      expect(safeReturnPath(screen)).toBe("/");
  });
});

describe("signInHref", () => {
  test("carries the page to come back to, encoded", () => {
    expect(signInHref("/login", "/track/abc?tab=stems")).toBe("/login?next=%2Ftrack%2Fabc%3Ftab%3Dstems");
    expect(signInHref("/register", "/track/abc")).toBe("/register?next=%2Ftrack%2Fabc");
  });

  test("is the plain screen when the way back is home or not on this site", () => {
    expect(signInHref("/login", "/")).toBe("/login");
    expect(signInHref("/login", "//evil.example")).toBe("/login");
  });
});
