/** A point on the waveform someone said something about: a timed comment. */
export interface WaveMarker {
  id: string;
  seconds: number;
  /** The author's initial, drawn in the marker. */
  initial: string;
  /** Who and when, e.g. 'alice at 0:12': the marker's name for screen readers. */
  label: string;
  text: string;
}

/**
 * A strip under the waveform with one marker per timed comment, at its time: hovering or focusing one shows what
 * was said; pressing it seeks there. Beside the waveform rather than on it, which is a slider of its own.
 */
export function WaveMarkers({
  markers,
  duration,
  onSeek,
}: {
  markers: WaveMarker[];
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  return (
    <ul className="wave-markers" aria-label="Timed comments">
      {markers.map((marker) => (
        <li
          key={marker.id}
          className="wave-marker"
          style={{ left: `${Math.min(100, Math.max(0, (marker.seconds / duration) * 100))}%` }}
        >
          <button
            type="button"
            className="wave-marker-button"
            aria-label={`Comment by ${marker.label}`}
            aria-describedby={`wave-marker-${marker.id}`}
            onClick={() => onSeek(marker.seconds)}
          >
            <span aria-hidden="true">{marker.initial}</span>
          </button>
          <span role="tooltip" id={`wave-marker-${marker.id}`} className="wave-marker-tip">
            <strong>{marker.label}</strong> {marker.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
