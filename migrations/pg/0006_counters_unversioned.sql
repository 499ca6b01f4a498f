-- The SQLite migration 0011: plays and downloads no longer raise a list version. Every counted play in the cluster
-- updated this one row, so concurrent plays waited on its lock through each other's commits (issue 12). Kept list
-- answers expire after LIST_COUNTER_STALENESS_SECONDS instead (modules/lists/cache.ts).
DROP TRIGGER "list_versions_track_counters" ON "tracks";--> statement-breakpoint
DROP FUNCTION "list_versions_counters"();--> statement-breakpoint
ALTER TABLE "list_versions" DROP COLUMN "counters";
