/// <reference types="astro/client" />

declare namespace App {
  /** Server services for on-demand pages (filled by src/server/page-locals.ts). */
  interface Locals {
    /** The public URL of this server, for absolute links (OpenGraph tags). */
    publicUrl: string;
    /** GET /api/track/{id} as an anonymous visitor would get it, or null when such a visitor may not see it. */
    getTrackPage(id: string): Promise<import("../modules/tracks/model").TrackDetails | null>;
  }
}
