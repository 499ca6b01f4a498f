import { badRequest, notFound } from "../../src/server/errors";
import { isCurrent } from "../../src/server/http/compression";
import type { StagedFile } from "../../src/server/http/multipart";
import { checkImage, renderSquares } from "../../src/server/images";
import { fileStore } from "../../src/server/store";
import type { Profile } from "./model";
import { authRepo } from "./repo";
import { profileOf, type Viewer } from "./service";

/** The renditions kept, square WebP: 48 px at 2× (menus, cards), 200 px at 2× (a profile). */
export const AVATAR_SIDES = { small: 96, large: 400 } as const;
export type AvatarSize = keyof typeof AVATAR_SIDES;

/** Far above any real portrait; the image adapter's pixel limit refuses decompression bombs of any size. */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

/**
 * A user's avatar lives in one of two folders, `avatars/{id}/a` and `avatars/{id}/b`: a new one is written whole into
 * the folder not in use, the row then names it, and the old folder goes. A process stopped in between leaves at most
 * one unnamed folder, which the next change overwrites or removes: nothing piles up, and the row never names a
 * folder still being written.
 */
const foldersOf = (userId: string) => [`avatars/${userId}/a`, `avatars/${userId}/b`] as const;

/**
 * PUT /api/auth/me/avatar: checks the image like cover art (JPEG, PNG or WebP that decodes whole), then keeps it.
 * The renditions are made in `scratch`, the request's staging folder, beside the upload (staged files have no
 * extension, so `small.webp` and `large.webp` are free there).
 */
export async function setAvatar(viewer: Viewer, image: StagedFile | undefined, scratch: string): Promise<Profile> {
  if (!image) throw badRequest("Choose an image for your avatar");
  await checkImage(image.path, "Avatar");
  const renditions = await renderSquares(image.path, scratch, AVATAR_SIDES);
  const current = await authRepo.avatarKeyOf(viewer.id);
  const next = foldersOf(viewer.id).find((folder) => folder !== current) as string;
  for (const [size, path] of Object.entries(renditions)) await fileStore().putFile(`${next}/${size}.webp`, path);
  await authRepo.setAvatarKey(viewer.id, next);
  if (current) await fileStore().deletePrefix(current);
  return profileOf(viewer);
}

/** DELETE /api/auth/me/avatar: back to none; both folders go (a stopped change's leftover too). */
export async function removeAvatar(viewer: Viewer): Promise<Profile> {
  await authRepo.setAvatarKey(viewer.id, null);
  await removeAvatarFiles(viewer.id);
  return profileOf(viewer);
}

/** Both of a user's avatar folders (a stopped change's leftover too), once no row names either. */
export async function removeAvatarFiles(userId: string): Promise<void> {
  for (const folder of foldersOf(userId)) await fileStore().deletePrefix(folder);
}

/**
 * GET /api/auth/users/{id}/avatar?size=: anyone may see an avatar, as on any profile. Revalidated on every use
 * (its address stays the same when it changes), a 304 while the client's copy is current.
 */
export async function sendAvatar(request: Request, userId: string, size: AvatarSize = "small"): Promise<Response> {
  const folder = await authRepo.avatarKeyOf(userId);
  const file = folder && (await fileStore().get(`${folder}/${size}.webp`));
  if (!file) throw notFound("No avatar");
  // Read whole (tens of KB) and named by its bytes: one read of the store, and an S3 object handed to a Response is
  // not sent as it is.
  const bytes = await file.bytes();
  const etag = `"${Bun.hash(bytes).toString(36)}"`;
  const headers = {
    "content-type": "image/webp",
    "cache-control": "public, no-cache",
    etag,
    "x-content-type-options": "nosniff",
  };
  if (isCurrent(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(bytes, { headers });
}
