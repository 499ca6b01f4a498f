import { notFound } from "../../src/server/errors";
import { publicProfileOf } from "../auth/service";
import { publicCountsOf } from "../tracks/service";
import type { ArtistProfile } from "./model";

/**
 * An artist's profile (GET /api/users/{username}, the page `/u/{username}`): what they say of themselves and what
 * their public tracks add up to. Anyone may see it, as on any music site; a deleted account has none.
 */
export async function artistProfile(username: string): Promise<ArtistProfile> {
  const profile = await publicProfileOf(username);
  if (!profile) throw notFound("User not found");
  return { ...profile, counts: await publicCountsOf(profile.id) };
}
