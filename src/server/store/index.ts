import { join } from "node:path";
import { config } from "../config";
import { createLocalStore } from "./local-store";

export type { StoredFile } from "./file-store";

/** The media store every module uses; no other code touches the media folder. */
export const fileStore = createLocalStore(join(config.dataDir, "media"));
