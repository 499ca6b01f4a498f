/// <reference types="astro/client" />

declare namespace App {
  /** Server services for on-demand pages (filled by src/server/cache/page-locals.ts). */
  interface Locals {
    /** The public URL of this server, for absolute links (OpenGraph tags). */
    publicUrl: string;
    /** "Sign in with {label}" on /login and /register, when an OIDC provider is configured; else null. */
    oidcButtonLabel: string | null;
    /**
     * Who the page is rendered for: the signed-in user, null for a visitor, undefined when the page is kept for
     * every visitor and the browser finds out who it is (issue 39).
     */
    viewer: import("../modules/auth/model").Profile | null | undefined;
    /** GET /api/track/{id} as the viewer gets it, or null where the API answers 404. */
    getTrackPage(id: string): Promise<import("../modules/tracks/model").TrackDetails | null>;
    /** A fork's lineage when every track of its chain is public (the same for everyone), else null. */
    getPublicLineage(id: string): Promise<import("../modules/forks/model").Lineage | null>;
    /**
     * A page of GET /api/tracks/public as a visitor gets it, under track filters (a query string), in a SPEC §9 sort
     * key: the page, or the API's refusal message.
     */
    getPublicTracks(
      filters: string,
      sort: string,
      cursor: string | null,
      limit: number,
    ): Promise<{ page: import("../modules/lists/model").TrackPage | null; message: string | null }>;
    /** GET /api/users/{username} as anyone gets it, or null when there is no such artist. */
    getArtist(username: string): Promise<import("../modules/profiles/model").ArtistProfile | null>;
    /** GET /api/search with these parameters as a visitor gets it: the page, or the API's refusal message. */
    search(query: string): Promise<{ page: import("../modules/search/model").SearchPage | null; message: string | null }>;
    /** A page of a genre's public tracks in a SPEC §9 sort key, or null when refused. */
    getGenreTracks(
      genre: string,
      sort: string,
      cursor: string | null,
      limit: number,
    ): Promise<import("../modules/lists/model").TrackPage | null>;
    /**
     * The first page (or the page at `cursor`) of a user's likes as the viewer gets it (GET /api/users/{username}/likes):
     * the page, or the API's refusal message (likes kept private, no such user).
     */
    getLikedTracks(
      username: string,
      cursor: string | null,
      limit: number,
    ): Promise<{ page: import("../modules/lists/model").TrackPage | null; message: string | null }>;
    /** GET /api/albums/{id} as the viewer gets it (only the tracks they may see), or null where the API answers 404. */
    getAlbum(id: string): Promise<import("../modules/albums/model").Album | null>;
    /** GET /api/users/{username}/albums: an artist's public albums, newest first (none for no such artist). */
    getArtistAlbums(username: string): Promise<import("../modules/albums/model").AlbumSummary[]>;
    /** A page of an artist's list (`tracks`, `forks`, `forked`) in a SPEC §9 sort key, or null when refused. */
    getArtistTracks(
      username: string,
      list: "tracks" | "forks" | "forked",
      sort: string,
      cursor: string | null,
      limit: number,
    ): Promise<import("../modules/lists/model").TrackPage | null>;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates on the first pointer, focus, key or toggle inside the island (src/astro-adapter/client-interaction.ts). */
    "client:interaction"?: boolean;
  }
}

/**
 * A module imported with `?server-only`: its default export on the server, null in the browsers' bundle
 * (src/astro-adapter/server-only-imports.ts). Callers name its type.
 */
declare module "*?server-only" {
  const onServer: unknown;
  export default onServer;
}
