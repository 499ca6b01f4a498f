import { useEffect, useRef } from "react";

/** SPEC §5 delete confirmation; a native modal dialog, so focus and Escape behave as people expect. */
export function DeleteDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="delete-dialog" aria-labelledby="delete-dialog-title" onCancel={onCancel}>
      <h2 id="delete-dialog-title">Delete Track</h2>
      <p>Are you sure you want to delete this track? This action cannot be undone.</p>
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
