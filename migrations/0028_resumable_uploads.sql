CREATE TABLE `resumable_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`length` integer NOT NULL,
	`upload_offset` integer DEFAULT 0 NOT NULL,
	`parts` text NOT NULL,
	`metadata` text NOT NULL,
	`used_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `resumable_uploads_user_idx` ON `resumable_uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `resumable_uploads_expiry_idx` ON `resumable_uploads` (`expires_at`);