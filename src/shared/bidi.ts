/**
 * Bidirectional control characters: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069)
 * and the marks (U+200E, U+200F, U+061C). In a title they make "track\u202e3pm.wav" display as
 * "trackvaw.mp3"; no title, name or description needs them (the Unicode algorithm orders real
 * right-to-left text without them), so user text loses them at input.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, "");
