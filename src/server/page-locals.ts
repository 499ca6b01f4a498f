import type { TrackDetails } from "../../modules/tracks/model";
import { api } from "./api";
import { config } from "./config";

/**
 * GET /api/track/{id} answered in-process for an anonymous visitor: the page shows exactly what the
 * API gives that visitor, through the same access check. A page request never carries the bearer
 * token (it lives in localStorage), so anything private is null here and the page renders a shell.
 */
async function getTrackPage(id: string): Promise<TrackDetails | null> {
  const response = await api.handle(new Request(`${config.publicUrl}/api/track/${encodeURIComponent(id)}`));
  return response.ok ? ((await response.json()) as TrackDetails) : null;
}

/**
 * What on-demand pages may use: the server's services, handed to Astro as `Astro.locals`, so the
 * Astro bundle never opens its own database or queue.
 */
export async function pageLocals(_request: Request): Promise<App.Locals> {
  return { publicUrl: config.publicUrl, getTrackPage };
}
