import { $nowPlaying, $playback, SEEK_STEP_SECONDS } from "./now-playing";

/** Where a key belongs to what has the focus: typing, choosing, or a control Space presses. */
const OWNS_KEYS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], button, a, summary, [role="slider"]';

/**
 * Listens on the document for the player's keys (ShortcutsHelp.tsx lists them); none fire while the focus is in a field or on a control that uses
 * the key itself (a waveform's own arrows, a button's Space). Returns the function that stops listening.
 */
export function listenForShortcuts(showHelp: () => void): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(OWNS_KEYS)) return;
    if (event.key === "?") {
      event.preventDefault();
      return showHelp();
    }
    if (!$nowPlaying.get()) return;
    const engine = () => import("./playback");
    if (event.key === " ") {
      event.preventDefault();
      void engine().then((playback) => playback.toggle());
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const forward = event.key === "ArrowRight";
      void engine().then((playback) => {
        if (event.shiftKey) return forward ? void playback.next() : playback.previous();
        playback.seek($playback.get().position + (forward ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
      });
    }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
