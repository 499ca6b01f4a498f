CREATE INDEX `tracks_public_likes_idx` ON `tracks` (`status`,`is_public`,`like_count`,`id`);--> statement-breakpoint
CREATE INDEX `tracks_owner_likes_idx` ON `tracks` (`user_id`,`status`,`like_count`,`id`);--> statement-breakpoint
-- The home page in every sort, the ninth (most liked, issue 41) included, is due whenever what the lists show changes.
DROP TRIGGER `pages_due_lists`;--> statement-breakpoint
CREATE TRIGGER `pages_due_lists` AFTER UPDATE OF `content` ON `list_versions`
WHEN NEW.`content` IS NOT OLD.`content`
BEGIN
  INSERT INTO `pages_due` (`key`, `version`) VALUES ('/', NEW.`content`), ('/?sort=oldest', NEW.`content`),
    ('/?sort=titleAsc', NEW.`content`), ('/?sort=titleDesc', NEW.`content`), ('/?sort=durationAsc', NEW.`content`),
    ('/?sort=durationDesc', NEW.`content`), ('/?sort=artistAsc', NEW.`content`), ('/?sort=artistDesc', NEW.`content`),
    ('/?sort=mostLiked', NEW.`content`)
  ON CONFLICT (`key`) DO UPDATE SET `version` = excluded.`version`;
END;
