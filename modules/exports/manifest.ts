import { fileStore } from "../../src/server/store";
import { albumsForExport } from "../albums/service";
import { profileOf, usernamesOf, type Viewer } from "../auth/service";
import { commentsWrittenBy } from "../comments/service";
import { followingOf } from "../follows/service";
import { likesOf } from "../likes/service";
import type { Notification } from "../notifications/model";
import { listNotifications } from "../notifications/service";
import {
  canView,
  coverVariantKey,
  findTrack,
  listStemsOf,
  type OwnedTrack,
  type Stem,
  sharedUserIdsOf,
  tracksOwnedBy,
  tracksSharedWith,
} from "../tracks/service";
import { safeExtension, safeSegment } from "./names";

/** One stored file going into the zip, under `path`. */
export interface ZipEntry {
  path: string;
  key: string;
  size: number;
}

/** Everything an export holds: `stemma.json`'s content and the files, read before the zip is written. */
export interface Inventory {
  manifest: Record<string, unknown>;
  entries: ZipEntry[];
}

const NOTIFICATION_PAGE = 100;
const TITLE_CHARACTERS = 60;

/**
 * What `stemma.json` says and which files go beside it, gathered through the other modules' services. People
 * other than the exporting user are named by username only, never by e-mail address. Files missing from the store
 * are left out (their path in the JSON is null) rather than failing the whole export.
 */
export async function inventoryOf(viewer: Viewer, root: string, exportedAt: Date): Promise<Inventory> {
  const entries: ZipEntry[] = [];
  const used = new Set<string>();
  /** Adds the stored file under `path` (made unique with `suffix` if taken) and answers its path, or null. */
  async function add(path: string, key: string | null, suffix: string): Promise<string | null> {
    const stored = key ? await fileStore().stat(key) : null;
    if (!key || !stored) return null;
    const unique = used.has(path) ? path.replace(/(\.[a-z0-9]+)?$/, `-${suffix}$1`) : path;
    used.add(unique);
    entries.push({ path: `${root}/${unique}`, key, size: stored.size });
    return unique;
  }

  const owned = await tracksOwnedBy(viewer.id);
  const shares = new Map<string, string[]>();
  for (const track of owned) shares.set(track.id, await sharedUserIdsOf(track.id));
  const received = await tracksSharedWith(viewer.id);
  const origins = await originsOf(owned, viewer);
  const written = await commentsWrittenBy(viewer.id);
  const followed = await followingOf(viewer.id);
  const liked = await likesOf(viewer.id);
  const usernames = await usernamesOf([
    ...followed.map((follow) => follow.followeeId),
    ...[...shares.values()].flat(),
    ...received.map((share) => share.ownerId),
    ...[...origins.values()].flatMap((origin) => (origin ? [origin.userId] : [])),
  ]);
  const nameOf = (id: string) => usernames.get(id) ?? null;

  const tracks = [];
  for (const track of owned) {
    const folder = `tracks/${safeSegment(track.title, TITLE_CHARACTERS, "track")}-${track.id}`;
    const original = await add(`${folder}/original.${safeExtension(track.originalFormat)}`, track.originalKey, track.id);
    const coverKey = track.coverArtPending ? null : coverVariantKey(track, "page2x");
    const cover = await add(`${folder}/cover.webp`, coverKey, track.id);
    const stems = [];
    for (const stem of await listStemsOf(track.id)) stems.push({ ...stemView(stem), file: await addStem(folder, stem) });
    tracks.push({ ...trackView(track), sharedWith: (shares.get(track.id) ?? []).map(nameOf), files: { original, cover }, stems });
  }

  async function addStem(folder: string, stem: Stem): Promise<string | null> {
    const name = `${String(stem.index + 1).padStart(2, "0")}-${safeSegment(stem.name, TITLE_CHARACTERS, "stem")}`;
    return add(`${folder}/stems/${name}.${safeExtension(stem.originalFormat)}`, stem.fileKey, stem.id);
  }

  const profile = await profileOf(viewer);
  const manifest = {
    format: "stemma-export",
    version: 1,
    exportedAt: exportedAt.toISOString(),
    profile: {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      role: profile.role,
      displayName: profile.displayName,
      bio: profile.bio,
    },
    tracks,
    shares: {
      given: owned.flatMap((track) =>
        (shares.get(track.id) ?? []).map((userId) => ({ trackId: track.id, trackTitle: track.title, username: nameOf(userId) })),
      ),
      received: received.map((share) => ({
        trackId: share.trackId,
        trackTitle: share.title,
        owner: nameOf(share.ownerId),
        sharedAt: share.sharedAt.toISOString(),
      })),
    },
    forks: owned
      .filter((track) => track.forkedFromId)
      .map((track) => {
        const origin = origins.get(track.forkedFromId as string) ?? null;
        return {
          trackId: track.id,
          title: track.title,
          createdAt: track.createdAt.toISOString(),
          // An origin the user may no longer see (made private, unshared, deleted) keeps only its id.
          origin: { id: track.forkedFromId, title: origin?.title ?? null, owner: origin ? nameOf(origin.userId) : null },
        };
      }),
    // What the user wrote on tracks, theirs or others' (replies name the comment they answer).
    comments: written.map((comment) => ({
      id: comment.id,
      trackId: comment.trackId,
      parentId: comment.parentId,
      body: comment.body,
      atSeconds: comment.atSeconds,
      createdAt: comment.createdAt.toISOString(),
    })),
    following: followed.map((follow) => ({ username: nameOf(follow.followeeId), since: follow.createdAt.toISOString() })),
    // The tracks the user likes, by id (a title could have changed, or the track become private, since).
    likes: liked.map((like) => ({ trackId: like.trackId, since: like.createdAt.toISOString() })),
    // The user's albums, each with its tracks' ids in album order.
    albums: await albumsForExport(viewer.id),
    notifications: await allNotifications(viewer.id),
  };
  return { manifest, entries };
}

/** The tracks the user's forks came from, where the user may still see them (the one access check); null otherwise. */
async function originsOf(owned: OwnedTrack[], viewer: Viewer) {
  const origins = new Map<string, { title: string; userId: string } | null>();
  for (const track of owned) {
    const id = track.forkedFromId;
    if (!id || origins.has(id)) continue;
    const origin = await findTrack(id);
    origins.set(id, origin && (await canView(origin, viewer)) ? { title: origin.title, userId: origin.userId } : null);
  }
  return origins;
}

async function allNotifications(userId: string): Promise<Notification[]> {
  const all: Notification[] = [];
  for (let offset = 0; ; offset += NOTIFICATION_PAGE) {
    const page = await listNotifications(userId, NOTIFICATION_PAGE, offset, true);
    all.push(...page.items);
    if (page.items.length < NOTIFICATION_PAGE) return all;
  }
}

const trackView = (track: OwnedTrack) => ({
  id: track.id,
  title: track.title,
  description: track.description,
  primaryArtistName: track.primaryArtistName,
  duration: track.duration,
  originalFormat: track.originalFormat,
  bpm: track.bpm,
  key: track.key,
  genreNames: track.genreNames,
  isExplicit: track.isExplicit,
  isPublic: track.isPublic,
  releaseDate: track.releaseDate,
  releaseDatePrecision: track.releaseDatePrecision,
  licenseId: track.licenseId,
  status: track.status,
  totalPlays: track.totalPlays,
  totalDownloads: track.totalDownloads,
  forkCount: track.forkCount,
  isFork: track.isFork,
  forkedFromId: track.forkedFromId,
  moduleTitle: track.moduleTitle,
  moduleMessage: track.moduleMessage,
  createdAt: track.createdAt.toISOString(),
});

const stemView = (stem: Stem) => ({
  id: stem.id,
  name: stem.name,
  type: stem.type,
  index: stem.index,
  originalFormat: stem.originalFormat,
  duration: stem.duration,
});
