import { expireConversions, runConversion } from "../../../modules/conversions/service";
import type { JobHandlers } from "./definitions";
import { handlePing } from "./ping";

/** Binds every job of `definitions.ts` to the module function that runs it. */
export const jobHandlers: JobHandlers = {
  "system.ping": handlePing,
  "conversions.convert": ({ conversionId }, signal) => runConversion(conversionId, signal),
  "conversions.expire": () => expireConversions(),
};
