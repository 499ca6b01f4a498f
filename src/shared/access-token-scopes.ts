/**
 * What a personal access token may do (issue 39). A browser session may do everything its user may; a token only
 * what its scopes name:
 * - `read`: every reading request (GET, HEAD), public or of the user's own and shared tracks;
 * - `write`: every change that sends no audio (edit, share, fork, comment, delete, follow…);
 * - `upload`: sending audio: new tracks, stems, resumable uploads;
 * - `admin`: the admin routes, and only for admins.
 */
export const ACCESS_TOKEN_SCOPES = ["read", "write", "upload", "admin"] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** What Settings › Tokens says of each scope. */
export const SCOPE_LABELS: Record<AccessTokenScope, string> = {
  read: "Read: tracks, lists, profiles and your own data",
  write: "Write: edit, share, fork, comment and delete",
  upload: "Upload: new tracks and stems",
  admin: "Admin: feature flags, invite codes, users and deleted tracks",
};
