import { config } from "../../src/server/config";
import { periodicSweep } from "../../src/server/sweep";

/** Enqueues the `conversions.expire` sweep a few times per CONVERSION_TTL_SECONDS (src/server/sweep.ts). */
export const expirySweep = periodicSweep("conversions.expire", config.conversionTtlSeconds);
