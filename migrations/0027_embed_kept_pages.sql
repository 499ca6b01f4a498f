-- A track's embed player (`/embed/track/{id}`, and `?theme=dark`) is a kept answer too (src/server/public-pages.ts):
-- a track no longer public and active, or removed, loses it with its page and JSON, in the same transaction.
DROP TRIGGER `kept_pages_track_hidden`;--> statement-breakpoint
CREATE TRIGGER `kept_pages_track_hidden` AFTER UPDATE OF `page_version` ON `tracks`
WHEN NEW.`page_version` IS NOT OLD.`page_version` AND NOT (NEW.`is_public` = 1 AND NEW.`status` = 'ACTIVE')
BEGIN
  DELETE FROM `kept_pages` WHERE `key` IN ('/track/' || NEW.`id`, '/api/track/' || NEW.`id`, '/embed/track/' || NEW.`id`, '/embed/track/' || NEW.`id` || '?theme=dark');
  DELETE FROM `pages_due` WHERE `key` IN ('/track/' || NEW.`id`, '/api/track/' || NEW.`id`, '/embed/track/' || NEW.`id`, '/embed/track/' || NEW.`id` || '?theme=dark');
END;--> statement-breakpoint
DROP TRIGGER `kept_pages_track_delete`;--> statement-breakpoint
CREATE TRIGGER `kept_pages_track_delete` AFTER DELETE ON `tracks`
BEGIN
  DELETE FROM `kept_pages` WHERE `key` IN ('/track/' || OLD.`id`, '/api/track/' || OLD.`id`, '/embed/track/' || OLD.`id`, '/embed/track/' || OLD.`id` || '?theme=dark');
  DELETE FROM `pages_due` WHERE `key` IN ('/track/' || OLD.`id`, '/api/track/' || OLD.`id`, '/embed/track/' || OLD.`id`, '/embed/track/' || OLD.`id` || '?theme=dark');
END;
