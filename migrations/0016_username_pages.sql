-- A username shows on its owner's track pages, their Track JSON and their cards in every list: a new one raises
-- the page version of each of their tracks, and through it (0004, 0008, 0012) the lists' content version and
-- the pages due. Lineage and fork trees read usernames when they load, so forks of their tracks keep theirs.
CREATE TRIGGER `tracks_page_version_username` AFTER UPDATE OF `username` ON `users`
WHEN NEW.`username` IS NOT OLD.`username`
BEGIN
  UPDATE `tracks` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`id`;
END;
