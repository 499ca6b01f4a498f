/** The fork studio's public surface: the job that regenerates a fork's mix (src/server/jobs/handlers.ts binds it). */
export { regenerateMix } from "./regenerate";
