-- Search (modules/search): one document per track with the text search matches (title, artist, uploader, genres,
-- description, stem names), kept in step by triggers, so a new or edited track is findable as soon as its
-- transaction commits. drizzle cannot model virtual tables, hence a hand-written migration; the rows are derived
-- data (npm run migrate-to skips them and the target rebuilds its own).
-- `search_sources` is the one definition of a track's document: every trigger upserts from it.
CREATE VIEW `search_sources` AS
SELECT t.`id` AS `track_id`, t.`title` AS `title`, t.`primary_artist_name` AS `artist`,
  coalesce(u.`username`, '') AS `uploader`, t.`genre_names` AS `genres`, t.`description` AS `description`,
  coalesce((SELECT group_concat(s.`name`, ' ') FROM `stems` s WHERE s.`track_id` = t.`id`), '') AS `stems`
FROM `tracks` t LEFT JOIN `users` u ON u.`id` = t.`user_id`;--> statement-breakpoint
-- An INTEGER PRIMARY KEY: the FTS tables' rowids must not change (a text-keyed table's rowids may on VACUUM).
CREATE TABLE `search_documents` (
  `id` integer PRIMARY KEY,
  `track_id` text NOT NULL UNIQUE,
  `title` text NOT NULL,
  `artist` text NOT NULL,
  `uploader` text NOT NULL,
  `genres` text NOT NULL,
  `description` text NOT NULL,
  `stems` text NOT NULL
);--> statement-breakpoint
-- Words: case- and accent-folded (unicode61 remove_diacritics 2), prefix indexes for the first letters typed.
CREATE VIRTUAL TABLE `search_words` USING fts5(
  `title`, `artist`, `uploader`, `genres`, `description`, `stems`,
  content = 'search_documents', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
-- Trigrams: substrings of CJK text, which has no spaces between words (unicode61 keeps a run as one token).
CREATE VIRTUAL TABLE `search_grams` USING fts5(
  `title`, `artist`, `uploader`, `genres`, `description`, `stems`,
  content = 'search_documents', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
);--> statement-breakpoint
CREATE TRIGGER `search_documents_insert` AFTER INSERT ON `search_documents`
BEGIN
  INSERT INTO `search_words` (`rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES (NEW.`id`, NEW.`title`, NEW.`artist`, NEW.`uploader`, NEW.`genres`, NEW.`description`, NEW.`stems`);
  INSERT INTO `search_grams` (`rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES (NEW.`id`, NEW.`title`, NEW.`artist`, NEW.`uploader`, NEW.`genres`, NEW.`description`, NEW.`stems`);
END;--> statement-breakpoint
CREATE TRIGGER `search_documents_delete` AFTER DELETE ON `search_documents`
BEGIN
  INSERT INTO `search_words` (`search_words`, `rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`artist`, OLD.`uploader`, OLD.`genres`, OLD.`description`, OLD.`stems`);
  INSERT INTO `search_grams` (`search_grams`, `rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`artist`, OLD.`uploader`, OLD.`genres`, OLD.`description`, OLD.`stems`);
END;--> statement-breakpoint
CREATE TRIGGER `search_documents_update` AFTER UPDATE ON `search_documents`
BEGIN
  INSERT INTO `search_words` (`search_words`, `rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`artist`, OLD.`uploader`, OLD.`genres`, OLD.`description`, OLD.`stems`);
  INSERT INTO `search_grams` (`search_grams`, `rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`artist`, OLD.`uploader`, OLD.`genres`, OLD.`description`, OLD.`stems`);
  INSERT INTO `search_words` (`rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES (NEW.`id`, NEW.`title`, NEW.`artist`, NEW.`uploader`, NEW.`genres`, NEW.`description`, NEW.`stems`);
  INSERT INTO `search_grams` (`rowid`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  VALUES (NEW.`id`, NEW.`title`, NEW.`artist`, NEW.`uploader`, NEW.`genres`, NEW.`description`, NEW.`stems`);
END;--> statement-breakpoint
CREATE TRIGGER `search_track_insert` AFTER INSERT ON `tracks`
BEGIN
  INSERT INTO `search_documents` (`track_id`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
  SELECT * FROM `search_sources` WHERE `track_id` = NEW.`id`
  ON CONFLICT (`track_id`) DO NOTHING;
END;--> statement-breakpoint
CREATE TRIGGER `search_track_update` AFTER UPDATE ON `tracks`
WHEN NEW.`title` IS NOT OLD.`title` OR NEW.`primary_artist_name` IS NOT OLD.`primary_artist_name`
  OR NEW.`genre_names` IS NOT OLD.`genre_names` OR NEW.`description` IS NOT OLD.`description`
  OR NEW.`user_id` IS NOT OLD.`user_id`
BEGIN
  UPDATE `search_documents` SET (`title`, `artist`, `uploader`, `genres`, `description`, `stems`) =
    (SELECT `title`, `artist`, `uploader`, `genres`, `description`, `stems` FROM `search_sources` WHERE `track_id` = NEW.`id`)
  WHERE `track_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_track_delete` AFTER DELETE ON `tracks`
BEGIN
  DELETE FROM `search_documents` WHERE `track_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_stem_insert` AFTER INSERT ON `stems`
BEGIN
  UPDATE `search_documents` SET `stems` = (SELECT `stems` FROM `search_sources` WHERE `track_id` = NEW.`track_id`)
  WHERE `track_id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_stem_rename` AFTER UPDATE OF `name` ON `stems`
WHEN NEW.`name` IS NOT OLD.`name`
BEGIN
  UPDATE `search_documents` SET `stems` = (SELECT `stems` FROM `search_sources` WHERE `track_id` = NEW.`track_id`)
  WHERE `track_id` = NEW.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_stem_delete` AFTER DELETE ON `stems`
BEGIN
  UPDATE `search_documents` SET `stems` = (SELECT `stems` FROM `search_sources` WHERE `track_id` = OLD.`track_id`)
  WHERE `track_id` = OLD.`track_id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_username` AFTER UPDATE OF `username` ON `users`
WHEN NEW.`username` IS NOT OLD.`username`
BEGIN
  UPDATE `search_documents` SET `uploader` = NEW.`username`
  WHERE `track_id` IN (SELECT `id` FROM `tracks` WHERE `user_id` = NEW.`id`);
END;--> statement-breakpoint
INSERT INTO `search_documents` (`track_id`, `title`, `artist`, `uploader`, `genres`, `description`, `stems`)
SELECT * FROM `search_sources`;
