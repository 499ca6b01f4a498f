CREATE TABLE `list_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`content` integer DEFAULT 0 NOT NULL,
	`counters` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `list_versions` (`id`, `content`, `counters`) VALUES (1, 0, 0);--> statement-breakpoint
-- Lists show track rows only (usernames and licences never change), so what raises a track's page version
-- (0004: an edit, visibility, status, a share, stems…) raises the lists' content version, and so do a new and
-- a removed track. Plays and downloads raise `counters` alone.
CREATE TRIGGER `list_versions_track_insert` AFTER INSERT ON `tracks`
BEGIN
  UPDATE `list_versions` SET `content` = `content` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `list_versions_track_delete` AFTER DELETE ON `tracks`
BEGIN
  UPDATE `list_versions` SET `content` = `content` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `list_versions_track_change` AFTER UPDATE OF `page_version` ON `tracks`
WHEN NEW.`page_version` IS NOT OLD.`page_version`
BEGIN
  UPDATE `list_versions` SET `content` = `content` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `list_versions_track_counters` AFTER UPDATE OF `total_plays`, `total_downloads` ON `tracks`
WHEN NEW.`total_plays` IS NOT OLD.`total_plays` OR NEW.`total_downloads` IS NOT OLD.`total_downloads`
BEGIN
  UPDATE `list_versions` SET `counters` = `counters` + 1 WHERE `id` = 1;
END;
