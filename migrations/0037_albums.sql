CREATE TABLE `album_tracks` (
	`track_id` text NOT NULL,
	`album_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`album_id`, `position`),
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `album_tracks_track_idx` ON `album_tracks` (`track_id`);--> statement-breakpoint
CREATE TABLE `albums` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`artist` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`genre_names` text NOT NULL,
	`release_date` text,
	`release_date_precision` text DEFAULT 'DAY' NOT NULL,
	`is_public` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `albums_user_idx` ON `albums` (`user_id`,`id`);