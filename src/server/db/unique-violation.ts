/**
 * The unique index a failed statement hit, or null when it failed for another reason. Checks that run
 * before an insert cannot close every race on PostgreSQL (two transactions both find no row, then both
 * insert), so the index has the last word and callers turn its refusal into their usual 409.
 * SQLite names the index in its message; Bun's PostgreSQL client gives the constraint (SQLSTATE 23505).
 */
export function uniqueViolation(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, errno, constraint } = cause as Error & { code?: string; errno?: string | number; constraint?: string };
    if (errno === "23505" || code === "23505") return constraint ?? "";
    const sqlite = code === "SQLITE_CONSTRAINT_UNIQUE" ? cause.message.match(/index '([^']+)'/) : null;
    if (sqlite) return sqlite[1] ?? "";
  }
  return null;
}
