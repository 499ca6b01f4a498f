CREATE TABLE `backup_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`finished_at` integer,
	`name` text,
	`size_bytes` integer,
	`copied_bytes` integer,
	`object_count` integer,
	`verified` integer DEFAULT false NOT NULL,
	`error` text,
	`running_lock` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `backup_runs_running_idx` ON `backup_runs` (`running_lock`);