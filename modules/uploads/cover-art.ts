import { checkImage, renderSquares } from "../../src/server/images";
import type { CoverSize } from "../tracks/service";

/**
 * Cover art: checked and sized by the image adapter (src/server/images), stored as WebP in four widths: the embed
 * player's 96 px box at 2×, track cards, the track page, and the page at 2×.
 */
export const COVER_SIZES = { thumb: 192, card: 320, page: 640, page2x: 1280 } as const satisfies Record<CoverSize, number>;

/** Far above any real cover (a 6000 × 6000 PNG is about 40 MB). */
export const MAX_COVER_BYTES = 50 * 1024 * 1024;

/** Checks an uploaded cover (a staged file) decodes whole; throws a 400 the uploader can act on. */
export const validateCoverArt = (path: string): Promise<void> => checkImage(path, "Cover art");

/** The cover's renditions in `folder` (the job's scratch folder), one file per size. */
export const renderCoverSizes = (path: string, folder: string, signal?: AbortSignal): Promise<Record<CoverSize, string>> =>
  renderSquares(path, folder, COVER_SIZES, signal);
