/**
 * Puts `text` on the clipboard from a click; true once it is there, false when the browser allowed neither way (the
 * caller then asks the user to copy it by hand). The asynchronous clipboard exists only in secure contexts (https and
 * localhost): on plain http under a LAN name (http://nas.local:3000, the usual home self-host), or where a frame may
 * not write to it, the text is copied as a user's own copy would be, from a selection, which every browser still
 * honours in a click. The one way browser code copies (tests/architecture/secure-context.test.ts).
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {}
  }
  return copyFromSelection(text);
}

/** Copies `text` through a textarea selected out of sight, then gives the focus back to what had it (the button). */
function copyFromSelection(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement("textarea");
  area.value = text;
  area.readOnly = true;
  area.setAttribute("aria-hidden", "true");
  area.style.cssText = "position: fixed; top: 0; left: -9999px; opacity: 0";
  // Inside an open modal dialog, as everything outside one is inert and cannot be selected.
  (focused?.closest("dialog") ?? document.body).append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {}
  area.remove();
  focused?.focus();
  return copied;
}
