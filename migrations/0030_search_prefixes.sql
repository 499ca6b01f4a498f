-- Prefix indexes for words typed up to eight letters long (migration 0019 had two and three). FTS5 answers a prefix
-- with no index of its length by merging the whole doclist of every word that starts with it before the first row,
-- so `drift` (1,940 matches among 100,000 tracks) took 140 µs and a single letter 1.6 ms; with an index of the
-- prefix's own length it reads one doclist in rowid order and stops at the page's last row (55 µs and 70 µs). The
-- index grows from 23 to 41 MB at 100,000 tracks. The documents are unchanged: the table is only built again.
DROP TABLE `search_words`;--> statement-breakpoint
CREATE VIRTUAL TABLE `search_words` USING fts5(
  `title`, `artist`, `uploader`, `genres`, `description`, `stems`,
  content = 'search_documents', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3 4 5 6 7 8'
);--> statement-breakpoint
INSERT INTO `search_words` (`search_words`) VALUES ('rebuild');
