CREATE TABLE `feature_flags` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feature_flags_name_unique` ON `feature_flags` (`name`);--> statement-breakpoint
CREATE TABLE `invite_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`reference` text,
	`used_count` integer DEFAULT 0 NOT NULL,
	`max_uses` integer DEFAULT 1 NOT NULL,
	`expires_at` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invite_codes_code_unique` ON `invite_codes` (`code`);--> statement-breakpoint
CREATE TABLE `early_access_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `early_access_requests_email_unique` ON `early_access_requests` (`email`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'USER' NOT NULL,
	`paid_quota_seconds` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE TABLE `conversions` (
	`id` text PRIMARY KEY NOT NULL,
	`track_id` text NOT NULL,
	`target` text NOT NULL,
	`format` text NOT NULL,
	`status` text DEFAULT 'NOT_STARTED' NOT NULL,
	`file_key` text,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`error` text,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_target_unique` ON `conversions` (`track_id`,`target`,`format`);--> statement-breakpoint
CREATE TABLE `licenses` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`allows_commercial_use` integer NOT NULL,
	`description` text NOT NULL,
	`usage_description` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `licenses_type_unique` ON `licenses` (`type`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `play_events` (
	`id` text PRIMARY KEY NOT NULL,
	`track_id` text NOT NULL,
	`stem_id` text,
	`listener_key` text NOT NULL,
	`event_type` text NOT NULL,
	`playback_source` text NOT NULL,
	`duration` real NOT NULL,
	`created_at` integer NOT NULL,
	`counted_at` integer NOT NULL,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `play_events_listener_idx` ON `play_events` (`track_id`,`listener_key`,`counted_at`);--> statement-breakpoint
CREATE TABLE `stems` (
	`id` text PRIMARY KEY NOT NULL,
	`track_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`index` integer NOT NULL,
	`original_format` text NOT NULL,
	`file_key` text NOT NULL,
	`mp3_key` text,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`mp3_size_bytes` integer DEFAULT 0 NOT NULL,
	`duration` real,
	`waveform_data` text,
	`loudness_lufs` real,
	`processing_status` text DEFAULT 'PENDING' NOT NULL,
	`processing_error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stems_track_idx` ON `stems` (`track_id`,`index`);--> statement-breakpoint
CREATE TABLE `track_shares` (
	`track_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`track_id`, `user_id`),
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `track_shares_user_idx` ON `track_shares` (`user_id`);--> statement-breakpoint
CREATE TABLE `tracks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`primary_artist_name` text NOT NULL,
	`duration` real,
	`original_format` text NOT NULL,
	`original_key` text NOT NULL,
	`mp3_key` text,
	`cover_art_key` text,
	`original_size_bytes` integer DEFAULT 0 NOT NULL,
	`mp3_size_bytes` integer DEFAULT 0 NOT NULL,
	`cover_art_size_bytes` integer DEFAULT 0 NOT NULL,
	`processing_status` text DEFAULT 'PENDING' NOT NULL,
	`processing_error` text,
	`cover_art_pending` integer DEFAULT false NOT NULL,
	`waveform_data` text,
	`loudness_lufs` real,
	`module_title` text,
	`module_message` text,
	`bpm` integer,
	`key` text,
	`is_explicit` integer DEFAULT false NOT NULL,
	`is_public` integer DEFAULT true NOT NULL,
	`release_date` text,
	`release_date_precision` text DEFAULT 'DAY' NOT NULL,
	`genre_names` text DEFAULT '[]' NOT NULL,
	`license_id` text NOT NULL,
	`total_plays` integer DEFAULT 0 NOT NULL,
	`total_downloads` integer DEFAULT 0 NOT NULL,
	`fork_count` integer DEFAULT 0 NOT NULL,
	`is_fork` integer DEFAULT false NOT NULL,
	`forked_from_id` text,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`deleted_at` integer,
	`total_quota_seconds` real DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`license_id`) REFERENCES `licenses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tracks_user_idx` ON `tracks` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `tracks_public_created_idx` ON `tracks` (`status`,`is_public`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_title_idx` ON `tracks` (`status`,`is_public`,`title`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_duration_idx` ON `tracks` (`status`,`is_public`,`duration`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_public_artist_idx` ON `tracks` (`status`,`is_public`,`primary_artist_name`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_forked_from_idx` ON `tracks` (`forked_from_id`);