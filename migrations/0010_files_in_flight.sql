CREATE TABLE `files_in_flight` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_in_flight_created_idx` ON `files_in_flight` (`created_at`);