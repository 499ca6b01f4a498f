DROP INDEX `tracks_public_title_idx`;--> statement-breakpoint
DROP INDEX `tracks_public_artist_idx`;--> statement-breakpoint
CREATE INDEX `tracks_owner_created_idx` ON `tracks` (`user_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_title_idx` ON `tracks` (`user_id`,`status`,"title" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_duration_idx` ON `tracks` (`user_id`,`status`,`duration`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_artist_idx` ON `tracks` (`user_id`,`status`,"primary_artist_name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `tracks_status_title_idx` ON `tracks` (`status`,"title" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `tracks_status_duration_idx` ON `tracks` (`status`,`duration`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_status_artist_idx` ON `tracks` (`status`,"primary_artist_name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_title_idx` ON `tracks` (`status`,`is_public`,"title" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_artist_idx` ON `tracks` (`status`,`is_public`,"primary_artist_name" collate nocase,`id`);