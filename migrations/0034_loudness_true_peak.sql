ALTER TABLE `stems` ADD `true_peak_db` real;--> statement-breakpoint
ALTER TABLE `stems` ADD `loudness_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tracks` ADD `true_peak_db` real;--> statement-breakpoint
ALTER TABLE `tracks` ADD `loudness_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Audio processed before true peaks were measured is measured again by the tracks.measure-loudness job; a track is
-- marked when it or one of its stems is, so the job finds its work on one table.
UPDATE `stems` SET `loudness_pending` = 1 WHERE `processing_status` = 'READY';--> statement-breakpoint
UPDATE `tracks` SET `loudness_pending` = 1 WHERE `status` <> 'DELETED' AND (`processing_status` = 'READY' OR `id` IN (SELECT `track_id` FROM `stems` WHERE `loudness_pending` = 1));
