/**
 * How the browser's JavaScript is split into files beyond one per island (rolldown's `codeSplitting.groups`, client
 * build only). Left to itself the bundler gave every module two islands share a file of its own: the track page
 * fetched 51 files, most under 1 KB, each compressed alone, so repeating the names the others also carry.
 */

const REACT = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;
/** What islands share to talk to the server and to each other: the API client, the session, the stores. */
const ISLAND_LIBRARY = /[\\/](islands[\\/]lib|node_modules[\\/](nanostores|@nanostores|@elysiajs))[\\/]/;
/** Only the upload pages and the studio use the resumable-upload client: it stays with them (and tus-js-client). */
const UPLOAD_ONLY = /[\\/]islands[\\/]lib[\\/]resumable\.ts$/;

export const clientChunkGroups = [
  // React and its DOM renderer with Astro's renderer for it: every island needs all of them, so one file.
  { name: "react", test: REACT, priority: 2 },
  // Shared by two islands or more; every page with an island loads it.
  {
    name: "shared",
    test: (id: string) => ISLAND_LIBRARY.test(id) && !UPLOAD_ONLY.test(id),
    minShareCount: 2,
    priority: 1,
  },
];
