import { type DragEvent, useState } from "react";
import { FilePickerButton } from "./FilePickerButton";
import { COVER_ACCEPT, ORIGINAL_ACCEPT } from "./file-names";

export const BULK_ACCEPT = `${ORIGINAL_ACCEPT},${COVER_ACCEPT}`;

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/** Where a whole album is dropped (or picked): audio files and their cover pictures together. */
export function DropZone({
  onFiles,
  disabled,
  compact,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const [over, setOver] = useState(false);
  const accepting = (event: DragEvent) => {
    if (disabled || !carriesFiles(event)) return false;
    event.preventDefault();
    return true;
  };
  return (
    <section
      className={`drop-zone${over ? " drop-zone-over" : ""}${compact ? " drop-zone-compact" : ""}`}
      aria-label="File drop zone"
      aria-disabled={disabled || undefined}
      onDragEnter={(event) => accepting(event) && setOver(true)}
      onDragOver={(event) => {
        if (accepting(event)) event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!accepting(event)) return;
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      <span className="drop-zone-icon" aria-hidden="true">
        ⇪
      </span>
      <p className="drop-zone-title">Drop audio files and cover art here</p>
      {!compact && (
        <p className="field-hint">
          WAV, FLAC, XM, IT, S3M or MOD, with JPEG, PNG or WebP pictures. Covers are matched to tracks by file name.
        </p>
      )}
      <FilePickerButton label="Choose Files" accept={BULK_ACCEPT} onFiles={onFiles} disabled={disabled} />
    </section>
  );
}
