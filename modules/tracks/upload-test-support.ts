/**
 * Moved to tests/support/uploads.ts (one upload helper for every test). Kept only while
 * modules/tracks/lists.test.ts, being edited by its developer, still imports from here.
 */
export { upload, waitProcessed } from "../../tests/support/uploads";
