/**
 * A labelled row of one button per format (a download in MP3, WAV, FLAC…): all of them disabled while one works,
 * which says so (`aria-busy`) and may say what it is doing (`busyLabel`).
 */
export function FormatButtons<Format extends string>({
  legend,
  className,
  formats,
  busy,
  busyLabel,
  onChoose,
}: {
  legend: string;
  className: string;
  formats: readonly Format[];
  busy: Format | null;
  /** What the busy button reads while it works; null keeps its format's name. */
  busyLabel: (format: Format) => string | null;
  onChoose: (format: Format) => void;
}) {
  return (
    <fieldset className={`downloads ${className}`}>
      <legend>{legend}</legend>
      {formats.map((format) => (
        <button
          key={format}
          type="button"
          className="button button-small button-secondary"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => onChoose(format)}
        >
          {(busy === format && busyLabel(format)) || format.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
