import { expect, test } from "bun:test";
import { artistOrDefault, stemFromFileName, trackFromFileName } from "./file-names";

test("titles and artists from file names", () => {
  expect(trackFromFileName("01 - Nova Drift - Opening Signal.wav")).toEqual({ title: "Opening Signal", artist: "Nova Drift" });
  expect(trackFromFileName("03 - Nova Drift - Night Bus (feat. Ada Byte).wav")).toEqual({
    title: "Night Bus (feat. Ada Byte)",
    artist: "Nova Drift",
  });
  expect(trackFromFileName("07_untitled_loop.flac")).toEqual({ title: "untitled loop", artist: null });
  expect(trackFromFileName("dali.xm")).toEqual({ title: "dali", artist: null });
  expect(trackFromFileName("A - B - C.wav")).toEqual({ title: "B - C", artist: "A" });
  expect(artistOrDefault(null, "  ")).toBe("Unknown Artist");
  expect(artistOrDefault(null, "Ada Byte")).toBe("Ada Byte");
  expect(artistOrDefault("Nova Drift", "Ada Byte")).toBe("Nova Drift");
});

test("a stem's name and type are guessed from its file name", () => {
  expect(stemFromFileName("Nova Drift - Undertow - bass.wav")).toEqual({ name: "bass", type: "bass" });
  expect(stemFromFileName("Undertow - Drums.flac")).toEqual({ name: "Drums", type: "drums" });
  expect(stemFromFileName("pad_layer.wav")).toEqual({ name: "pad layer", type: "audio" });
});
