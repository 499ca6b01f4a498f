import { useEffect, useRef, useState } from "react";
import { EMBED_HEIGHT, EMBED_SIZES, type EmbedSizeKey, type EmbedTheme, embedCode, embedPath } from "../../src/shared/embed";
import { copyText } from "../lib/clipboard";
import { formatDuration } from "../lib/format";
import { useIslandStore } from "../lib/use-island-store";
import { $positions, fullTrackPlayerId } from "../player/seek";
import "./share-menu.css";

interface ShareMenuProps {
  trackId: string;
  title: string;
  artist: string;
  /** The track page's address on PUBLIC_URL (what everyone else can open). */
  trackUrl: string;
  /** PUBLIC_URL, for the embed's address. */
  siteUrl: string;
}

/** Copies `text`, then says so in the menu's status line (read out by screen readers). */
function useCopy(): [string, (text: string, done: string) => void] {
  const [status, setStatus] = useState("");
  const copy = (text: string, done: string) =>
    copyText(text).then((copied) => setStatus(copied ? done : "Could not copy: select the text and copy it yourself"));
  return [status, copy];
}

/**
 * The track page's Share menu (docs/embed.md): the page's link, the link at the full-track player's current time,
 * and the embed code in a size and theme, shown live in a preview. A disclosure, so without JavaScript it still
 * opens on the link and the code to copy by hand; the preview loads only once opened.
 */
export default function ShareMenu({ trackId, title, artist, trackUrl, siteUrl }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // Opened before this island hydrated (the disclosure works without JavaScript): show the preview at once.
  useEffect(() => setOpen(menu.current?.open ?? false), []);
  const [size, setSize] = useState<EmbedSizeKey>("standard");
  const [theme, setTheme] = useState<EmbedTheme>("light");
  const [status, copy] = useCopy();
  const playhead = Math.floor(useIslandStore($positions)[fullTrackPlayerId(trackId)] ?? 0);
  const width = EMBED_SIZES.find((option) => option.key === size)?.width ?? "560";
  // The code to copy names PUBLIC_URL; the preview comes from the address this page was reached on, which may be
  // another name (a LAN's, from where PUBLIC_URL may not even answer) and is all the page's CSP lets it frame.
  const previewPath = embedPath(trackId, { theme });
  const embedUrl = new URL(previewPath, siteUrl).href;
  const code = embedCode(embedUrl, width, EMBED_HEIGHT, `${title} by ${artist}`);
  const linkAtTime = `${trackUrl}?t=${playhead}`;

  return (
    <details ref={menu} className="share-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="share-summary">Share</summary>
      <div className="share-body">
        <label className="share-field">
          <span>Link</span>
          <input type="text" readOnly value={trackUrl} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <div className="share-actions js-only">
          <button type="button" className="button button-small button-secondary" onClick={() => copy(trackUrl, "Link copied")}>
            Copy link
          </button>
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={playhead === 0}
            onClick={() => copy(linkAtTime, `Link at ${formatDuration(playhead)} copied`)}
          >
            Copy link at {formatDuration(playhead)}
          </button>
        </div>
        <fieldset className="share-options">
          <legend>Embed size</legend>
          {EMBED_SIZES.map((option) => (
            <label key={option.key}>
              <input
                type="radio"
                name={`embed-size-${trackId}`}
                value={option.key}
                checked={size === option.key}
                onChange={() => setSize(option.key)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="share-options">
          <legend>Embed theme</legend>
          {(["light", "dark"] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`embed-theme-${trackId}`}
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
              />
              {option === "light" ? "Light" : "Dark"}
            </label>
          ))}
        </fieldset>
        <label className="share-field">
          <span>Embed code</span>
          <textarea readOnly rows={3} value={code} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <div className="share-actions js-only">
          <button type="button" className="button button-small button-secondary" onClick={() => copy(code, "Embed code copied")}>
            Copy embed code
          </button>
        </div>
        <p className="share-status" role="status">
          {status}
        </p>
        {open && (
          <div className="share-preview">
            <span className="share-preview-label">Preview</span>
            <iframe
              src={previewPath}
              width={width}
              height={EMBED_HEIGHT}
              title={`Embed preview: ${title} by ${artist}`}
              style={{ border: 0 }}
            />
          </div>
        )}
      </div>
    </details>
  );
}
