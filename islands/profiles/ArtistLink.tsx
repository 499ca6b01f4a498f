import type { ReactNode } from "react";
import { DELETED_USER } from "../../src/shared/artists";
import { artistPath } from "../../src/shared/public-addresses";

/** A username as a link to the artist's page; a deleted account's label links nowhere. */
export function ArtistLink({ username, children }: { username: string; children?: ReactNode }) {
  if (username === DELETED_USER || !username) return <>{children ?? username}</>;
  return <a href={artistPath(username)}>{children ?? username}</a>;
}
