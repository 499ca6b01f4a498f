/**
 * A shared link's `?t=` (the track page's, the embed player's, an oEmbed URL's) as whole seconds from the start;
 * anything else (missing, negative, not a number) is the start. Not in ./embed.ts: the track page reads it as it
 * opens, and loads the embed code's module only with its Share menu.
 */
export function startSecondsOf(value: string | null | undefined): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}
