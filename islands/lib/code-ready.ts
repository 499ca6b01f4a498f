/**
 * A part of an island rendered on the server whose code loads after the island itself (React.lazy, issue 39) marks
 * its element with CODE_PENDING until that code runs, then fires CODE_READY on it: early-clicks.ts holds a tap on
 * it until then, as it does for islands not yet hydrated.
 */
export const CODE_PENDING = "data-code-pending";
export const CODE_READY = "stemma:code-ready";
