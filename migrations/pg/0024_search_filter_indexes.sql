-- Migration 0029's indexes on PostgreSQL: bpm at the end of the newest-first public list's index, and a track's
-- stems by type.
DROP INDEX "tracks_public_created_idx";--> statement-breakpoint
CREATE INDEX "stems_track_type_idx" ON "stems" USING btree ("track_id","type","index","id");--> statement-breakpoint
CREATE INDEX "tracks_public_created_idx" ON "tracks" USING btree ("status","is_public","created_at","id","bpm");