CREATE TABLE `track_waveforms` (
	`track_id` text PRIMARY KEY NOT NULL,
	`waveform_data` text NOT NULL,
	FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tracks` ADD `waveform_preview` text;--> statement-breakpoint
ALTER TABLE `tracks` ADD `page_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `track_waveforms` (`track_id`, `waveform_data`)
SELECT `id`, `waveform_data` FROM `tracks` WHERE `waveform_data` IS NOT NULL;--> statement-breakpoint
-- Every change to a track row raises its page version, except a change to the counters alone (a play or a
-- download must not discard a cached page; the counters are filled into it when it is served).
CREATE TRIGGER `tracks_page_version_row` AFTER UPDATE ON `tracks`
WHEN NEW.`page_version` = OLD.`page_version`
  AND NEW.`total_plays` IS OLD.`total_plays` AND NEW.`total_downloads` IS OLD.`total_downloads`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_waveform_insert` AFTER INSERT ON `track_waveforms`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_waveform_update` AFTER UPDATE ON `track_waveforms`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` IN (OLD.`track_id`, NEW.`track_id`);
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_stem_insert` AFTER INSERT ON `stems`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_stem_update` AFTER UPDATE ON `stems`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` IN (OLD.`track_id`, NEW.`track_id`);
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_stem_delete` AFTER DELETE ON `stems`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_share_insert` AFTER INSERT ON `track_shares`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_share_delete` AFTER DELETE ON `track_shares`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_conversion_insert` AFTER INSERT ON `conversions`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_conversion_update` AFTER UPDATE ON `conversions`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` IN (OLD.`track_id`, NEW.`track_id`);
END;--> statement-breakpoint
CREATE TRIGGER `tracks_page_version_conversion_delete` AFTER DELETE ON `conversions`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `id` = OLD.`track_id`;
END;
