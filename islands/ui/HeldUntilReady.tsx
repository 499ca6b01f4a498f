import { type ReactNode, useEffect, useRef } from "react";
import { CODE_PENDING, CODE_READY } from "../lib/code-ready";

/**
 * Wraps a lazily loaded part that the server renders at once (the signed-in controls): until its code has run, a tap
 * on it is held and replayed (lib/code-ready.ts), not lost. The marker leaves the element itself, not React's
 * props, so server and browser render the same markup.
 */
export function HeldUntilReady({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.removeAttribute(CODE_PENDING);
    element.dispatchEvent(new Event(CODE_READY));
  }, []);
  return (
    <span ref={ref} className="held-until-ready" {...{ [CODE_PENDING]: "" }}>
      {children}
    </span>
  );
}
