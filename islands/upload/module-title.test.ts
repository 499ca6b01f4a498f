import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { CORPUS } from "../../tests/support/corpus";
import { moduleTitleOf } from "./module-title";

const header = (path: string) => new Uint8Array(readFileSync(`${CORPUS}/${path}`).subarray(0, 48));

test("each tracker format's title, as libopenmpt reads it (tests/fixtures/README.md)", () => {
  expect(moduleTitleOf("xm", header("real-modules/dali.xm"))).toBe("dali4");
  expect(moduleTitleOf("s3m", header("real-modules/gd-giirm.s3m"))).toBe("Goose in Israel");
  expect(moduleTitleOf("it", header("real-modules/gd-ite.it"))).toBe("I think.. engh.");
  expect(moduleTitleOf("mod", header("real-modules/high-score.mod"))).toBe("high-score");
  expect(moduleTitleOf("s3m", header("real-modules/ritam.s3m"))).toBeNull();
});

test("padding, leftovers after the NUL and control characters never reach the title", () => {
  const mod = new Uint8Array(48);
  mod.set(new TextEncoder().encode("  Deep\tblue\x1b[31m  \0old title"), 0);
  expect(moduleTitleOf("mod", mod)).toBe("Deep blue [31m");
  const spaces = new Uint8Array(48).fill(0x20);
  expect(moduleTitleOf("mod", spaces)).toBeNull();
  const latin = new Uint8Array(48);
  latin.set([0x43, 0x61, 0x66, 0xe9], 0);
  expect(moduleTitleOf("mod", latin)).toBe("Café");
});

test("a file without its format's magic bytes, or an audio file, offers no title", () => {
  expect(moduleTitleOf("xm", header("bad/png-renamed.xm"))).toBeNull();
  expect(moduleTitleOf("it", header("real-modules/dali.xm"))).toBeNull();
  expect(moduleTitleOf("wav", header("real-modules/dali.xm"))).toBeNull();
});
