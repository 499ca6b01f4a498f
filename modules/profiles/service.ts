import { notFound } from "../../src/server/errors";
import { publicAlbumsOf } from "../albums/service";
import { publicProfileOf } from "../auth/service";
import { followCounts } from "../follows/service";
import { listContentVersion } from "../lists/service";
import { publicCountsOf } from "../tracks/service";
import type { ArtistProfile } from "./model";

/**
 * An artist's profile (GET /api/users/{username}, the page `/u/{username}`): what they say of themselves and what
 * their public tracks add up to. Anyone may see it, as on any music site; a deleted account has none.
 */
export async function artistProfile(username: string): Promise<ArtistProfile> {
  const profile = await publicProfileOf(username);
  if (!profile) throw notFound("User not found");
  return { ...profile, counts: { ...(await publicCountsOf(profile.id)), ...(await followCounts(profile.id)) } };
}

/**
 * What an artist's page shows, as one version: the lists' content version (their tracks, any change to them) and
 * what the profile says (an edit of the display name, bio or avatar shows at once) with its follower and following
 * counts (a follow shows at once), and their public albums as the page lists them. Null for no such artist.
 * Their counts of plays ride on the lists' staleness, as the home page's do.
 */
export async function artistPageVersion(username: string): Promise<string | null> {
  const profile = await publicProfileOf(username);
  if (!profile) return null;
  const said = JSON.stringify([profile, await followCounts(profile.id), await publicAlbumsOf(profile.username)]);
  return `${await listContentVersion()}:${Bun.hash(said).toString(36)}`;
}
