/** A picture-frame icon standing in for cover art that is missing or still being processed (SPEC §4). */
export function CoverPlaceholder({ processing }: { processing: boolean }) {
  return (
    <div
      className="track-cover track-cover-placeholder"
      role="img"
      aria-label={processing ? "Cover art processing" : "No cover art"}
    >
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path
          fill="currentColor"
          d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H5V5h14v14Zm-5.04-6.71-2.75 3.54-1.96-2.36L6.5 17h11l-3.54-4.71Z"
        />
      </svg>
    </div>
  );
}
