import { useEffect, useRef } from "react";

/**
 * SPEC §5 delete confirmation, its sentence as given for one track and counting the tracks for
 * several; a native modal dialog, so focus and Escape behave as people expect.
 */
export function DeleteDialog({
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  /** How many tracks would be deleted; 0 keeps the dialog closed. */
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = count > 0;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="delete-dialog" aria-labelledby="delete-dialog-title" onCancel={onCancel}>
      <h2 id="delete-dialog-title">Delete Track</h2>
      <p>Are you sure you want to delete {count > 1 ? `these ${count} tracks` : "this track"}? This action cannot be undone.</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          Delete
        </button>
      </div>
    </dialog>
  );
}
