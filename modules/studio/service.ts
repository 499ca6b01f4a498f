/**
 * The fork studio's public surface: the job that regenerates a fork's mix (src/server/jobs/handlers.ts binds it), and
 * the render it makes that mix with ("Download this mix", modules/forks, renders the same way).
 */
export { regenerateMix } from "./regenerate";
export { renderMix } from "./render-mix";
