-- Plays and downloads no longer raise a list version (issue 12): on PostgreSQL that row was written by every
-- play in the cluster and made them wait for each other. Kept list answers expire after
-- LIST_COUNTER_STALENESS_SECONDS instead (modules/lists/cache.ts). The trigger goes first: it names the column.
DROP TRIGGER `list_versions_track_counters`;--> statement-breakpoint
ALTER TABLE `list_versions` DROP COLUMN `counters`;
