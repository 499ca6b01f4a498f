ALTER TABLE `stems` ADD `mix_gain_db` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stems` ADD `mix_pan` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stems` ADD `mix_muted` integer DEFAULT false NOT NULL;