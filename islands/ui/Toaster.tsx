import { type Ref, useEffect, useRef } from "react";
import { $toasts, dismissToast, type Toast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";

/** The toast stack itself, drawn from a list (rendered on its own in tests). */
export function ToastStack({ toasts, ref }: { toasts: Toast[]; ref?: Ref<HTMLElement> }) {
  return (
    <section ref={ref} className="toaster" aria-label="Messages" aria-live="polite">
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

/**
 * Keeps the page's end and anything scrolled or focused into view clear of the stack: the document gains the
 * stack's height at its foot (--toast-clearance, read by global.css), so controls under a toast at the bottom of
 * the page can always be scrolled out from under it.
 */
function useToastClearance() {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const stack = box.current;
    if (!stack) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = stack.offsetHeight;
      root.style.setProperty("--toast-clearance", height ? `calc(${height}px + 2rem)` : "0px");
    });
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-clearance");
    };
  }, []);
  return box;
}

/** Toasts at the bottom right (SPEC §2); each has a title, message and close button. */
export default function Toaster() {
  const box = useToastClearance();
  return <ToastStack ref={box} toasts={useIslandStore($toasts)} />;
}
