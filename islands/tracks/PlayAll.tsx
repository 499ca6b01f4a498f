import type { TrackPage } from "../../modules/lists/model";
import type { TrackListItem } from "../../modules/tracks/model";
import { playItemsOf } from "./play-items";

/** Where the queue came from, by default: the page's own title ("#ambient", an artist's name, "Search"). */
const pageLabel = () => document.title.replace(/ · Stemma$/, "");

/**
 * "Play all" (issue 40 B): the list's tracks, as shown and in its order, replace the queue and the first plays; the
 * list's further pages (`readAfter` from `nextCursor`) are read as the queue reaches them.
 */
export function PlayAll({
  tracks,
  nextCursor,
  readAfter,
  label,
}: {
  tracks: TrackListItem[];
  nextCursor: string | null;
  readAfter: ((cursor: string) => Promise<TrackPage>) | null;
  /** Where the queue says it came from; the page's own title unless given. */
  label?: string;
}) {
  if (playItemsOf(tracks).length === 0) return null;
  const start = () => {
    let cursor = readAfter ? nextCursor : null;
    const more = async () => {
      if (!cursor || !readAfter) return [];
      const page = await readAfter(cursor);
      cursor = page.metadata.nextCursor;
      return playItemsOf(page.items);
    };
    void import("../player/playback").then((playback) =>
      playback.playAll(playItemsOf(tracks), { label: label ?? pageLabel(), more: cursor ? more : null }),
    );
  };
  return (
    <button type="button" className="button button-small js-only play-all" onClick={start}>
      Play all
    </button>
  );
}
