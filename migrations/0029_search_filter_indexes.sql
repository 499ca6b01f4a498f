-- bpm at the end of the newest-first public list's index: the tempo filter on that list, and search's stems by
-- filters, read it from the index rather than from each candidate track's row.
DROP INDEX `tracks_public_created_idx`;--> statement-breakpoint
CREATE INDEX `tracks_public_created_idx` ON `tracks` (`status`,`is_public`,`created_at`,`id`,`bpm`);