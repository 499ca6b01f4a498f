/** Longer than this (lines or characters), the message starts folded: a tracker's message can run to a screenful. */
const OPEN_LINES = 8;
const OPEN_CHARACTERS = 480;

/**
 * Lines as the tracker wrote them, without their padding: trailing blanks go, and a run of empty lines (unused sample
 * slots, whose names are most modules' message) becomes one.
 */
function tidied(message: string): string {
  return message
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}

/**
 * A tracker module's own message (its song text or sample names), as fixed-width text on the server-rendered page:
 * often ASCII art, so every space counts. React writes it as text, so markup in it shows as typed. A long one is
 * folded under its summary, which opens without JavaScript.
 */
export function ModuleMessage({ message }: { message: string | null }) {
  const text = message ? tidied(message) : "";
  if (!text.trim()) return null;
  const short = text.split("\n").length <= OPEN_LINES && text.length <= OPEN_CHARACTERS;
  return (
    <details className="module-message" open={short}>
      <summary>Module message</summary>
      <pre>{text}</pre>
    </details>
  );
}
