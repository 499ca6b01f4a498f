CREATE TABLE `kept_pages` (
	`key` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`build` text NOT NULL,
	`fills` text NOT NULL,
	`built_at` integer NOT NULL,
	`etag` text NOT NULL,
	`content_type` text NOT NULL,
	`cache_control` text NOT NULL,
	`br` blob NOT NULL,
	`gzip` blob NOT NULL
);
--> statement-breakpoint
CREATE INDEX `kept_pages_build_idx` ON `kept_pages` (`build`);--> statement-breakpoint
CREATE TABLE `pages_due` (
	`key` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- A public track's kept answers (its page and its JSON) are due again whenever its page version goes up (0004: processing,
-- edits, visibility, shares, stems, forks, conversions) and when a public track is added; the serving processes'
-- pre-render loop claims them (modules/pages/prerender.ts).
CREATE TRIGGER `pages_due_track_insert` AFTER INSERT ON `tracks`
WHEN NEW.`is_public` = 1 AND NEW.`status` = 'ACTIVE'
BEGIN
  INSERT INTO `pages_due` (`key`, `version`) VALUES ('/track/' || NEW.`id`, NEW.`page_version`), ('/api/track/' || NEW.`id`, NEW.`page_version`)
  ON CONFLICT (`key`) DO UPDATE SET `version` = excluded.`version`;
END;--> statement-breakpoint
CREATE TRIGGER `pages_due_track_change` AFTER UPDATE OF `page_version` ON `tracks`
WHEN NEW.`page_version` IS NOT OLD.`page_version` AND NEW.`is_public` = 1 AND NEW.`status` = 'ACTIVE'
BEGIN
  INSERT INTO `pages_due` (`key`, `version`) VALUES ('/track/' || NEW.`id`, NEW.`page_version`), ('/api/track/' || NEW.`id`, NEW.`page_version`)
  ON CONFLICT (`key`) DO UPDATE SET `version` = excluded.`version`;
END;--> statement-breakpoint
-- A track no longer public and active loses its kept answers in the transaction that hid it: none is kept for a
-- page only some may see. Serving checks the track's state anyway, so a kept answer is never sent meanwhile.
CREATE TRIGGER `kept_pages_track_hidden` AFTER UPDATE OF `page_version` ON `tracks`
WHEN NEW.`page_version` IS NOT OLD.`page_version` AND NOT (NEW.`is_public` = 1 AND NEW.`status` = 'ACTIVE')
BEGIN
  DELETE FROM `kept_pages` WHERE `key` IN ('/track/' || NEW.`id`, '/api/track/' || NEW.`id`);
  DELETE FROM `pages_due` WHERE `key` IN ('/track/' || NEW.`id`, '/api/track/' || NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `kept_pages_track_delete` AFTER DELETE ON `tracks`
BEGIN
  DELETE FROM `kept_pages` WHERE `key` IN ('/track/' || OLD.`id`, '/api/track/' || OLD.`id`);
  DELETE FROM `pages_due` WHERE `key` IN ('/track/' || OLD.`id`, '/api/track/' || OLD.`id`);
END;--> statement-breakpoint
-- The home page in every SPEC §9 sort (islands/tracks/sort-options.ts; `/` is the default, newest first) is due
-- whenever what the lists show changes; a burst of changes leaves one due row per sort.
CREATE TRIGGER `pages_due_lists` AFTER UPDATE OF `content` ON `list_versions`
WHEN NEW.`content` IS NOT OLD.`content`
BEGIN
  INSERT INTO `pages_due` (`key`, `version`) VALUES ('/', NEW.`content`), ('/?sort=oldest', NEW.`content`),
    ('/?sort=titleAsc', NEW.`content`), ('/?sort=titleDesc', NEW.`content`), ('/?sort=durationAsc', NEW.`content`),
    ('/?sort=durationDesc', NEW.`content`), ('/?sort=artistAsc', NEW.`content`), ('/?sort=artistDesc', NEW.`content`)
  ON CONFLICT (`key`) DO UPDATE SET `version` = excluded.`version`;
END;
