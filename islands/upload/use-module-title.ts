import { useEffect, useRef } from "react";
import { readModuleTitle } from "./module-title";

/**
 * Fills the title from a chosen tracker module's own title (module-title.ts) while the title is empty, or still
 * holds what an earlier module filled in: a title the user typed is never replaced.
 */
export function useModuleTitle(original: File | null, title: string, fill: (title: string) => void) {
  // The latest values, read when the header arrives (the user may type meanwhile).
  const latest = useRef({ title, fill });
  latest.current = { title, fill };
  const filled = useRef<string | null>(null);

  useEffect(() => {
    if (!original) return;
    let chosen = true;
    readModuleTitle(original).then(
      (moduleTitle) => {
        const { title: now, fill: fillIn } = latest.current;
        if (!chosen || !moduleTitle || (now.trim() !== "" && now !== filled.current)) return;
        filled.current = moduleTitle;
        fillIn(moduleTitle);
      },
      // An unreadable file offers no title; the Audio File field and the server say what is wrong with it.
      () => undefined,
    );
    return () => {
      chosen = false;
    };
  }, [original]);
}
