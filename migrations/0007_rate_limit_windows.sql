CREATE TABLE `rate_limit_windows` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_windows_expires_idx` ON `rate_limit_windows` (`expires_at`);