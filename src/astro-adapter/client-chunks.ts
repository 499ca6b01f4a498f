/**
 * How the browser's JavaScript is split into files beyond one per island (rolldown's `codeSplitting.groups`, client
 * build only). Left to itself the bundler gave every module two islands share a file of its own: the track page
 * fetched 51 files, most under 1 KB, each compressed alone, so repeating the names the others also carry.
 */

/** React, its DOM renderer, Astro's renderer for it, and the hooks islands read shared state through. */
const REACT =
  /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|[\\/]islands[\\/]lib[\\/]use-[^\\/]+\.ts$/;
/**
 * What islands share to talk to the server and to each other: the API client, the session, the stores (with the
 * ones the track page's islands trade positions, counts and comment markers through, each a few lines).
 */
const ISLAND_LIBRARY =
  /[\\/](islands[\\/]lib|node_modules[\\/](nanostores|@elysiajs))[\\/]|[\\/]islands[\\/](player[\\/](seek|counted-plays)|track[\\/]counted-downloads|comments[\\/]store)\.ts$/;
/** Only the upload pages and the studio use the resumable-upload client: it stays with them (and tus-js-client). */
const UPLOAD_ONLY = /[\\/]islands[\\/]lib[\\/]resumable\.ts$/;

/**
 * A group takes the modules its members import along with them unless a group before it took them: the library goes
 * first, so the hooks' plain dependencies (the stores, the return path) stay in it, and it never imports React.
 */
export const clientChunkGroups = [
  // Shared by two islands or more, and by the embed player, which has no React.
  {
    name: "shared",
    test: (id: string) => ISLAND_LIBRARY.test(id) && !UPLOAD_ONLY.test(id) && !REACT.test(id),
    minShareCount: 2,
    priority: 2,
  },
  // Every island needs all of it, so one file.
  { name: "react", test: REACT, priority: 1 },
];
