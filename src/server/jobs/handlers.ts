import type { JobHandlers } from "./definitions";

/** Binds every job of `definitions.ts` to the module function that runs it. */
export const jobHandlers: JobHandlers = {
  "system.ping": async () => {},
};
