import { useEffect, useState } from "react";
import { COVER_ACCEPT } from "./file-names";

/**
 * Optional cover art with a preview of the chosen picture and a way to take it back out. A file the browser cannot
 * show as a picture is taken back out at once with a message saying why (the server would refuse it anyway), rather
 * than left in the preview as a broken image.
 */
export function CoverArtField({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  /** Why the last chosen file was taken back out, until another is chosen. */
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="field">
      <label htmlFor="field-coverArt">Cover Art</label>
      <div className="cover-field">
        {preview ? (
          <img
            className="cover-preview"
            src={preview}
            alt="Chosen cover art"
            onError={() => {
              setRefusal(`${file?.name} cannot be read as a picture. Cover art must be a JPEG, PNG or WebP image.`);
              onChange(null);
            }}
          />
        ) : (
          <div className="cover-preview cover-empty" aria-hidden="true">
            ♪
          </div>
        )}
        <div className="cover-field-controls">
          {/* Re-keyed when cleared, so the same picture can be chosen again. */}
          <input
            key={file ? "chosen" : "empty"}
            id="field-coverArt"
            type="file"
            accept={COVER_ACCEPT}
            disabled={disabled}
            aria-describedby="field-coverArt-note"
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => {
              setRefusal(null);
              onChange(event.target.files?.[0] ?? null);
            }}
          />
          {refusal ? (
            <p id="field-coverArt-note" className="field-error" role="alert">
              {refusal}
            </p>
          ) : (
            <p id="field-coverArt-note" className="field-hint">
              Optional. JPEG, PNG or WebP; square pictures look best.
            </p>
          )}
          {file && (
            <button type="button" className="link-button" disabled={disabled} onClick={() => onChange(null)}>
              Remove cover art
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
