-- Migration 0029's index on PostgreSQL: bpm at the end of the newest-first public list's index.
DROP INDEX "tracks_public_created_idx";--> statement-breakpoint
CREATE INDEX "tracks_public_created_idx" ON "tracks" USING btree ("status","is_public","created_at","id","bpm");