import { atom } from "nanostores";

/** The signed-in user's avatar as the top bar shows it (96 px, drawn at 24), or null when they have none. */
export const $avatar = atom<string | null>(null);

let shown = 0;

/**
 * Shows a profile's `avatarUrl`. Its address stays the same when the avatar changes, so each call gives it a new
 * query string: the top bar fetches the new image at once instead of keeping the old one.
 */
export function showAvatar(avatarUrl: string | null): void {
  shown += 1;
  $avatar.set(avatarUrl && `${avatarUrl}?size=small&v=${shown}`);
}
