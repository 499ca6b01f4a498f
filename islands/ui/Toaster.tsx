import { $toasts, dismissToast, type Toast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";

/** The toast stack itself, drawn from a list (rendered on its own in tests). */
export function ToastStack({ toasts }: { toasts: Toast[] }) {
  return (
    <section className="toaster" aria-label="Messages" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.type}`}
          role={toast.type === "error" ? "alert" : "status"}
          data-type={toast.type}
        >
          <div className="toast-body">
            <strong className="toast-title">{toast.title}</strong>
            <p className="toast-message">{toast.message}</p>
          </div>
          <button type="button" className="toast-close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/** Toasts at the bottom right (SPEC §2); each has a title, message and close button. */
export default function Toaster() {
  return <ToastStack toasts={useIslandStore($toasts)} />;
}
