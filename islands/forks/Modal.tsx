import { type ReactNode, useEffect, useRef } from "react";

/** A native modal dialog (focus, Escape and the backdrop behave as people expect), open while mounted. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="fork-modal" aria-label={title} onCancel={onClose}>
      <h2>{title}</h2>
      {children}
    </dialog>
  );
}
