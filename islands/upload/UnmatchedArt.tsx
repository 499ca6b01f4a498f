import { type CoverArt, discardCover, moveCover } from "./bulk-store";
import { CoverThumb, useCoverDropTarget } from "./CoverThumb";

/** Pictures on no track: drag one onto a track to use it there, or drag a track's cover here to unmatch it. */
export function UnmatchedArt({ covers, locked }: { covers: CoverArt[]; locked: boolean }) {
  const drop = useCoverDropTarget((coverId) => moveCover(coverId, null), !locked);
  return (
    <section
      className={`unmatched-art${drop.over ? " drop-target-over" : ""}`}
      aria-labelledby="unmatched-art-title"
      {...drop.props}
    >
      <h2 id="unmatched-art-title">Unmatched Cover Art</h2>
      {covers.length === 0 ? (
        <p className="field-hint">Drag a track's cover here to take it off the track.</p>
      ) : (
        <ul className="unmatched-list">
          {covers.map((cover) => (
            <li key={cover.id} className="unmatched-item">
              <CoverThumb cover={cover} disabled={locked} />
              <span className="unmatched-name">{cover.file.name}</span>
              {!locked && (
                <button
                  type="button"
                  className="thumb-remove"
                  aria-label={`Remove ${cover.file.name}`}
                  onClick={() => discardCover(cover.id)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
