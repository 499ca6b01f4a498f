import { useEffect } from "react";

/** The keys the player answers anywhere on the page (issue 40 B), as the `?` list shows them. */
const SHORTCUTS: [keys: string, does: string][] = [
  ["Space", "Play or pause"],
  ["← / →", "Back or forward 5 seconds"],
  ["Shift + ← / →", "Previous or next in the queue"],
  ["?", "Show these shortcuts"],
];

/** The `?` key's list of the player's keys (shortcuts.ts answers them). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);
  return (
    <div className="shortcuts-help" role="dialog" aria-label="Keyboard shortcuts">
      <h2>Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([keys, does]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button-small" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
