import { badRequest, conflict, notFound } from "../../src/server/errors";
import { forkCostSeconds } from "../../src/shared/fork-cost";
import { TITLE_REQUIRED } from "../../src/shared/upload-rules";
import { DELETED_USER, usernamesOf, type Viewer } from "../auth/service";
import { enqueueNewTrackNotice } from "../follows/service";
import { listLicenses } from "../licenses/service";
import { notifyUsers, withNotification } from "../notifications/service";
import type { Track } from "../tracks/service";
import * as tracks from "../tracks/service";
import { enqueueRegeneration, quotaGate } from "../uploads/service";
import { stemMixes } from "./fork-mix";
import type { ForkBody, Lineage } from "./model";
import { forksOf, insertForkWithinQuota } from "./repo";

/** The longest chain walked (lineage, tree depth) and the most forks listed: bounds on a crafted tree. */
const MAX_DEPTH = 100;
const MAX_FORKS = 1000;

/**
 * POST /api/track/{id}/fork. Anyone signed in who may see the track and does not own it; everyone
 * else gets the 404 of a track they cannot see. Its files are the original's (nothing is copied), so it costs no quota;
 * with a mix, its full track is rendered anew and costs that track's seconds (src/shared/fork-cost.ts), charged in the
 * transaction that inserts it; the fork is PENDING until `track.regenerate` has rendered it from the stems.
 */
export async function forkTrack(id: string, viewer: Viewer, body: ForkBody) {
  const original = await tracks.findViewableTrack(id, viewer);
  if (original.userId === viewer.id || original.status !== "ACTIVE") throw notFound("Track not found");
  if (original.processingStatus !== "READY") throw conflict("This track is still being processed; fork it once it is ready");
  const title = body.title.trim();
  if (!title) throw badRequest(TITLE_REQUIRED);
  // A plain fork (no mix) keeps the original's full track.
  const mixes = body.mix ? stemMixes(await tracks.listStemsOf(original.id), body.mix) : null;
  const cost = forkCostSeconds(original.duration, mixes !== null);
  const quota = quotaGate(viewer.id, cost, "fork");
  const fork = await insertForkWithinQuota(
    original,
    viewer.id,
    { title, description: body.description?.trim() ?? "", isPublic: body.isPublic ?? false, totalQuotaSeconds: cost },
    mixes,
    quota.admit,
  );
  if (mixes) await enqueueRegeneration(fork.id);
  if (fork.isPublic) await enqueueNewTrackNotice(fork.id);
  await notifyUsers([original.userId], {
    title: "Your track was forked",
    message: `${viewer.username} forked "${original.title}".`,
    type: "info",
    // A private fork is not the original owner's to open: its fork tree, on the original's page, counts it.
    link: `/track/${fork.isPublic ? fork.id : original.id}`,
  });
  return { id: fork.id, ...withNotification(await quota.warning()) };
}

/** Forks listed in a tree: active, and public, or the viewer's own (admins see all). */
function listed(track: Track, viewer: Viewer | null): boolean {
  if (track.status !== "ACTIVE") return false;
  return track.isPublic || track.userId === viewer?.id || viewer?.role === "ADMIN";
}

/**
 * GET /api/track/{id}/forks. `original` is the root of the lineage as far as the viewer may see it:
 * the track asked for, walked up through every ancestor the viewer may open. `forks` is every
 * descendant of it the viewer may list (a flat list, breadth first, siblings oldest first, each naming its parent),
 * so the same family shows from any of its pages. A fork under a hidden one (private to someone else, or deleted) is
 * still listed, drawn under its nearest listed ancestor (`listedParentId`): the hidden fork's title and owner never
 * show. The active forks it may not list are counted (`privateCount`): their number is no secret (each track's
 * forkCount shows it), only what they are.
 */
export async function forkTree(id: string, viewer: Viewer | null) {
  let original = await tracks.findViewableTrack(id, viewer);
  for (let depth = 0; depth < MAX_DEPTH && original.forkedFromId; depth++) {
    const parent = await tracks.findTrack(original.forkedFromId);
    if (!parent || !(await tracks.canView(parent, viewer))) break;
    original = parent;
  }
  const forks: Track[] = [];
  let privateCount = 0;
  // Each track walked → the nearest track the tree shows at or above it: where its listed forks are drawn.
  const shownAt = new Map([[original.id, original.id]]);
  let level = [original.id];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && forks.length < MAX_FORKS; depth++) {
    const children = (await forksOf(level)).filter((child) => !shownAt.has(child.id));
    for (const child of children) {
      shownAt.set(child.id, listed(child, viewer) ? child.id : (shownAt.get(child.forkedFromId as string) as string));
    }
    forks.push(...children.filter((child) => listed(child, viewer)));
    privateCount += children.filter((child) => child.status === "ACTIVE" && !listed(child, viewer)).length;
    level = children.map((child) => child.id);
  }
  const shown = forks.slice(0, MAX_FORKS);
  const usernames = await usernamesOf([original, ...shown].map((track) => track.userId));
  const summary = (track: Track) => ({
    id: track.id,
    title: track.title,
    user: { username: usernames.get(track.userId) ?? DELETED_USER },
    createdAt: track.createdAt.toISOString(),
    isPublic: track.isPublic,
  });
  return {
    original: summary(original),
    forks: shown.map((fork) => ({
      ...summary(fork),
      forkCount: fork.forkCount,
      forkedFromId: fork.forkedFromId as string,
      listedParentId: shownAt.get(fork.forkedFromId as string) as string,
    })),
    total: Math.min(forks.length, MAX_FORKS),
    privateCount,
  };
}

/**
 * GET /api/track/{id}/lineage: the chain from the track's parent to the root. An ancestor the viewer
 * may not open (private, deleted, purged) is only "a track that is no longer available": its title
 * never shows, but the chain goes on past it (rows outlive their files). One whose owner deleted their
 * account says so (`ownerDeleted`), "a track by a deleted user", and names nobody.
 */
export async function lineage(id: string, viewer: Viewer | null) {
  const track = await tracks.findViewableTrack(id, viewer);
  const licenseTypes = new Map((await listLicenses()).map((license) => [license.id, license.type]));
  const ancestors = [];
  let parentId = track.forkedFromId;
  for (let depth = 0; depth < MAX_DEPTH && parentId; depth++) {
    const parent = await tracks.findTrack(parentId);
    if (!parent) break;
    const username = (await usernamesOf([parent.userId])).get(parent.userId);
    if (username === undefined) ancestors.push({ available: false as const, ownerDeleted: true as const });
    else if (await tracks.canView(parent, viewer))
      ancestors.push({
        available: true as const,
        id: parent.id,
        title: parent.title,
        user: { username },
        licenseType: licenseTypes.get(parent.licenseId) ?? null,
      });
    else ancestors.push({ available: false as const });
    parentId = parent.forkedFromId;
  }
  return { ancestors };
}

/**
 * The page versions of a fork's ancestors, parent first, as one string. A fork's kept page renders their titles,
 * owners and licences (its attribution) while all are public, and any change to one (renamed, relicensed, made
 * private, deleted, its owner renamed) raises its page version: the fork's page is made again at its next request.
 */
export async function lineagePageVersion(parentId: string | null): Promise<string> {
  const versions: number[] = [];
  for (let depth = 0; depth < MAX_DEPTH && parentId; depth++) {
    const parent = await tracks.pageVersionOf(parentId);
    if (!parent) break;
    versions.push(parent.version);
    parentId = parent.parentId;
  }
  return versions.join(".");
}

/**
 * A fork's lineage as everyone sees it when every track of its chain is public (the page renders it on the server);
 * null when one is not, as then only some viewers may see it (the page's script reads it with their session).
 */
export async function publicLineage(id: string): Promise<Lineage | null> {
  const chain = await lineage(id, null);
  return chain.ancestors.every((ancestor) => ancestor.available) ? chain : null;
}
