DROP INDEX `tracks_public_title_idx`;--> statement-breakpoint
DROP INDEX `tracks_public_artist_idx`;--> statement-breakpoint
DROP INDEX `tracks_owner_title_idx`;--> statement-breakpoint
DROP INDEX `tracks_owner_artist_idx`;--> statement-breakpoint
DROP INDEX `tracks_status_title_idx`;--> statement-breakpoint
DROP INDEX `tracks_status_artist_idx`;--> statement-breakpoint
CREATE INDEX `tracks_public_title_idx` ON `tracks` (`status`,`is_public`,lower("title"),`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_artist_idx` ON `tracks` (`status`,`is_public`,lower("primary_artist_name"),`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_title_idx` ON `tracks` (`user_id`,`status`,lower("title"),`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_artist_idx` ON `tracks` (`user_id`,`status`,lower("primary_artist_name"),`id`);--> statement-breakpoint
CREATE INDEX `tracks_status_title_idx` ON `tracks` (`status`,lower("title"),`id`);--> statement-breakpoint
CREATE INDEX `tracks_status_artist_idx` ON `tracks` (`status`,lower("primary_artist_name"),`id`);