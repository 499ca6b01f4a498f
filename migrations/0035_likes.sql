CREATE TABLE `hidden_likes` (
	`user_id` text PRIMARY KEY NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `like_notices` (
	`track_id` text PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `likes` (
	`user_id` text NOT NULL,
	`track_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `track_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_track_idx` ON `likes` (`track_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `tracks` ADD `like_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A like is a counter, as a play is: it must not discard a cached page (the count is filled in as the page is served).
DROP TRIGGER `tracks_page_version_row`;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_row` AFTER UPDATE ON `tracks`
WHEN NEW.`page_version` = OLD.`page_version`
  AND NEW.`total_plays` IS OLD.`total_plays` AND NEW.`total_downloads` IS OLD.`total_downloads`
  AND NEW.`like_count` IS OLD.`like_count`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`id`;
END;
