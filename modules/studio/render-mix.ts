import { join } from "node:path";
import { type MixEncoding, mixStems } from "../../src/server/audio/mix";
import type { UploadFormat } from "../../src/server/audio/sniff";
import { fileStore } from "../../src/server/store";
import type { StemMixSettings } from "../../src/shared/stem-mix";
import type { Stem } from "../tracks/service";

/**
 * The one render of a track's stems as a mix says (each stem's settings by its id; a stem not named at unity):
 * a fork's full track after "Fork with this mix" or a studio change, and "Download this mix". The stems' files
 * are fetched into `folder` when the store is remote; the mix is written there too, and its path answered.
 */
export async function renderMix(
  stems: Stem[],
  settings: (stem: Stem) => StemMixSettings,
  folder: string,
  encoding: MixEncoding,
  signal?: AbortSignal,
): Promise<string> {
  const sources = await Promise.all(
    stems.map(async (stem) => ({
      path: await fileStore().localPath(stem.fileKey, folder),
      format: stem.originalFormat as UploadFormat,
      mix: settings(stem),
    })),
  );
  const path = join(folder, `mix.${encoding}`);
  await mixStems(sources, path, signal, encoding);
  return path;
}
