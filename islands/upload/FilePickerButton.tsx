import { useRef } from "react";

/** A button that opens the system file picker (several files at once) and hands over what was chosen. */
export function FilePickerButton({
  label,
  accept,
  onFiles,
  disabled,
  className = "button button-secondary",
}: {
  label: string;
  accept: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={accept}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Cleared so picking the same files again still reports a change.
          event.target.value = "";
        }}
      />
    </>
  );
}
