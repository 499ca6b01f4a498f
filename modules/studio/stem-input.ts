import type { UploadFormat } from "../../src/server/audio/sniff";
import { badRequest } from "../../src/server/errors";
import { MAX_LENGTH, STEM_TYPES, type StemType } from "../../src/shared/upload-rules";
import type { Stem } from "../tracks/service";

export interface StemInfo {
  name: string;
  type: StemType;
}

/** SPEC §5 Add stem: .mp3, .wav or .flac (uploads' stems take only the last two). */
export const STUDIO_STEM_FILE_INVALID = "Stem files must be .mp3, .wav or .flac";
export const STEM_NAME_REQUIRED = "Stem name is required";

export function stemFileFormat(fileName: string): UploadFormat {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === "mp3" || ext === "wav" || ext === "flac") return ext;
  throw badRequest(STUDIO_STEM_FILE_INVALID);
}

/**
 * The `data` part ({name, type}, JSON) of a stem add or edit. An edit may leave out what it keeps
 * (`current`); an add needs a name, and its type defaults to "audio" as at upload.
 */
export function stemInfo(data: unknown, current: Stem | null): StemInfo {
  let raw: Record<string, unknown> = {};
  if (typeof data === "string" && data.trim()) {
    try {
      raw = JSON.parse(data);
    } catch {
      throw badRequest("Stem data must be valid JSON");
    }
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw badRequest("Stem data must be a JSON object");
  const name = raw.name === undefined && current ? current.name : typeof raw.name === "string" ? raw.name.trim() : "";
  if (!name) throw badRequest(STEM_NAME_REQUIRED);
  if (name.length > MAX_LENGTH.stemName) throw badRequest(`Stem name must be at most ${MAX_LENGTH.stemName} characters`);
  const type = raw.type ?? current?.type ?? "audio";
  if (!STEM_TYPES.includes(type as StemType)) throw badRequest(`Stem type must be one of: ${STEM_TYPES.join(", ")}`);
  return { name, type: type as StemType };
}
