CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`track_id` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_events_user_idx` ON `live_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `live_events_track_idx` ON `live_events` (`track_id`,`id`);